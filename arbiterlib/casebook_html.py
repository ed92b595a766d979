"""The casebook as HTML: a case's question and its answer as fragments (for the casebook
browser), and a static, printable casebook (``arbiter casebook --html DIR``).

The static casebook is an ``index.html`` listing the cases by article, one page per case
(``cases/ID.html``: the board, the moves, the events in words, the question) and its answer
on a page of its own (``cases/ID-answer.html``: the arbiter's ruling from the engine and the
explanation), so that questions and answers print separately. No external assets.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

import chess
import chess.svg

from arbiterlib.casebook import Case, article_key, article_options, cites, describe_events
from arbiterlib.clocks import format_time
from arbiterlib.errors import ArbiterError
from arbiterlib.ruling import Ruling

STYLE = """
body { font-family: Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
       line-height: 1.45; color: #222; }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; }
.meta { color: #555; font-size: 0.9em; }
.moves { font-family: monospace; }
.board svg { width: 320px; height: 320px; }
.question { border-left: 4px solid #4a7; padding-left: 1em; }
.ruling { border-left: 4px solid #c84; padding-left: 1em; }
nav { font-size: 0.9em; margin-bottom: 1em; }
@media print { nav { display: none; } h2 { page-break-before: auto; } }
"""


def _esc(text: object) -> str:
    return html.escape(str(text))


def page(title: str, body: str) -> str:
    """A complete, self-contained HTML page."""
    return (f"<!DOCTYPE html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
            f"<title>{_esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            f"{body}\n</body>\n</html>\n")


def board_svg(case: Case, size: int = 320) -> str:
    """python-chess's SVG of the position when the case's events begin."""
    board = case.board()
    lastmove = board.peek() if board.move_stack else None
    return str(chess.svg.board(board, size=size, lastmove=lastmove))


def meta_html(case: Case) -> str:
    parts = [f"Articles {_esc(', '.join(case.articles))}",
             f"tags: {_esc(', '.join(case.tags))}",
             f"Laws of {_esc(', '.join(case.editions))}"]
    if case.difficulty:
        parts.append(f"difficulty: {_esc(case.difficulty)}")
    return f"<p class='meta'>{' · '.join(parts)}</p>"


def question_html(case: Case, *, heading: str = "h2") -> str:
    """The case as the candidate sees it: board, moves, clocks, events in words, question."""
    board = case.board()
    to_move = chess.COLOR_NAMES[board.turn]
    parts = [f"<{heading}>{_esc(case.title)}</{heading}>", meta_html(case),
             f"<div class='board'>{board_svg(case)}</div>",
             f"<p>{to_move.capitalize()} to move.</p>"]
    parts += game_so_far_html(case)
    events = describe_events(case)
    if events:
        parts.append("<p><b>What happens:</b></p><ol class='events'>"
                     + "".join(f"<li>{_esc(e)}</li>" for e in events) + "</ol>")
    parts.append(f"<div class='question'><p><b>Question.</b> {_esc(case.question)}</p></div>")
    return "\n".join(parts)


def game_so_far_html(case: Case) -> list[str]:
    """The moves already played and the clocks when the events start, as paragraphs."""
    parts = []
    moves = case.movetext()
    if moves:
        parts.append(f"<p><b>Moves played:</b> <span class='moves'>{_esc(moves)}</span></p>")
    clocks = case.scenario.clocks
    if clocks is not None:
        parts.append(f"<p><b>Clocks:</b> White {format_time(clocks.white)},"
                     f" Black {format_time(clocks.black)}</p>")
    return parts


def ruling_summary_html(ruling: Ruling) -> str:
    """The arbiter's words event by event, the result, the clocks and any move owed."""
    parts = ["<div class='ruling'>"]
    parts += [f"<p>{_esc(s.text)}</p>" for s in ruling.rulings]
    parts += [f"<p><b>{_esc(label)}:</b> {_esc(text)}</p>" for label, text in ruling.facts()]
    parts.append("</div>")
    return "\n".join(parts)


def answer_html(case: Case, *, heading: str = "h3") -> str:
    """The answer: the arbiter's ruling from the engine (under the case's edition, then under
    every other edition the case answers for), then the explanation and source."""
    parts = [f"<{heading}>The arbiter's ruling</{heading}>", ruling_summary_html(case.rule())]
    for laws in case.editions[1:]:
        parts += [f"<{heading}>Under the {_esc(laws)} Laws</{heading}>",
                  ruling_summary_html(case.rule(laws))]
    return "\n".join([
        *parts,
        f"<{heading}>Explanation</{heading}>",
        f"<p>{_esc(case.explanation)}</p>",
        f"<p class='meta'>Source: {_esc(case.source)}</p>",
    ])


def index_html(cases: Sequence[Case]) -> str:
    """The index: every article the cases cite, with links to the cases citing it."""
    parts = ["<h1>Casebook — the FIDE Laws of Chess</h1>",
             f"<p>{len(cases)} cases. Each page shows the position, what happened and the"
             " question; the answer is on a page of its own.</p>",
             "<h2>Cases by article</h2>"]
    for article in article_options(cases):
        citing = [c for c in cases if cites(c.articles, article)]
        parts.append(f"<h3 id='article-{_esc(article)}'>Article {_esc(article)}</h3><ul>")
        parts += [f"<li><a href='cases/{_esc(c.id)}.html'>{_esc(c.title)}</a>"
                  f" <span class='meta'>({_esc(c.difficulty or 'unrated')})</span></li>"
                  for c in citing]
        parts.append("</ul>")
    parts.append("<h2>Answers</h2><ul>")
    parts += [f"<li><a href='cases/{_esc(c.id)}-answer.html'>{_esc(c.title)}</a></li>"
              for c in sorted(cases, key=lambda c: article_key(c.articles[0]))]
    parts.append("</ul>")
    return page("Casebook", "\n".join(parts))


def case_page(case: Case) -> str:
    nav = ("<nav><a href='../index.html'>Casebook index</a> ·"
           f" <a href='{_esc(case.id)}-answer.html'>Answer →</a></nav>")
    return page(case.title, nav + question_html(case, heading="h1")
                + f"\n<p><a href='{_esc(case.id)}-answer.html'>See the answer</a></p>")


def answer_page(case: Case) -> str:
    nav = ("<nav><a href='../index.html'>Casebook index</a> ·"
           f" <a href='{_esc(case.id)}.html'>← The question</a></nav>")
    body = (f"<h1>Answer: {_esc(case.title)}</h1>\n{meta_html(case)}\n"
            f"<div class='question'><p><b>Question.</b> {_esc(case.question)}</p></div>\n"
            + answer_html(case, heading="h2"))
    return page(f"Answer: {case.title}", nav + body)


def write_casebook(directory: str | Path, cases: Sequence[Case]) -> list[Path]:
    """Write the static casebook for ``cases`` into ``directory``; returns the files written
    (the index first). Raises :class:`ArbiterError` if the folder cannot be written."""
    root = Path(directory)
    if not cases:
        raise ArbiterError("the casebook has no cases to write")
    if root.exists() and not root.is_dir():
        raise ArbiterError(f"{root} exists and is not a folder")
    pages = {root / "index.html": index_html(cases)}
    for case in cases:
        pages[root / "cases" / f"{case.id}.html"] = case_page(case)
        pages[root / "cases" / f"{case.id}-answer.html"] = answer_page(case)
    try:
        (root / "cases").mkdir(parents=True, exist_ok=True)
        for path, text in pages.items():
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ArbiterError(f"cannot write the casebook to {root}: {exc.strerror}") from None
    return list(pages)
