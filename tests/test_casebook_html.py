"""`arbiter casebook --html DIR`: a static casebook with every case, its board, its question
and its answer; one-line errors with exit status 2 on bad arguments."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from arbiterlib.casebook import load_casebook
from arbiterlib.cli import main


class _Page(HTMLParser):
    """Links, element names and text of a page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.links: list[str] = []
        self.tags: list[str] = []
        self.sources: list[str] = []
        self.chunks: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if "src" in values or tag == "link":
            self.sources.append(str(values.get("src") or values.get("href")))

    def handle_data(self, data: str) -> None:
        self.chunks.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.chunks).split())


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("book") / "casebook"
    assert main(["casebook", "--html", str(root)]) == 0
    return root


def test_the_index_links_every_case_by_article(book: Path) -> None:
    cases = load_casebook()
    index = _Page((book / "index.html").read_text(encoding="utf-8"))
    for case in cases:
        assert f"cases/{case.id}.html" in index.links, case.id
        assert f"cases/{case.id}-answer.html" in index.links, case.id
    assert "Article 9.3b" in index.text and "Article 9.5b" in index.text
    # Under each article, the cases citing it or one of its clauses.
    section = index.text.split("Article 9.3 ")[1].split("Article 9.3a")[0]
    citing = [c for c in cases if any(a.startswith("9.3") for a in c.articles)]
    assert len(citing) >= 7 and section.count(" (") == len(citing)
    assert all(c.title in section for c in citing)
    pages = sorted(p.name for p in (book / "cases").iterdir())
    assert len(pages) == 2 * len(cases)


def test_every_case_page_has_its_board_question_and_answer(book: Path) -> None:
    for case in load_casebook():
        question = (book / "cases" / f"{case.id}.html").read_text(encoding="utf-8")
        page = _Page(question)
        assert "svg" in page.tags and "rect" in page.tags, case.id
        assert _words(case.question) in page.text, case.id
        assert f"{case.id}-answer.html" in page.links and "../index.html" in page.links
        assert _words(case.explanation) not in page.text, "the answer is on its own page"
        answer = _Page((book / "cases" / f"{case.id}-answer.html").read_text(encoding="utf-8"))
        assert _words(case.explanation) in answer.text, case.id
        for statement in case.rule().rulings:
            assert _words(statement.text) in answer.text, case.id
        assert page.sources == [] and answer.sources == [], "no external assets"


def test_the_words_of_a_case(book: Path) -> None:
    text = _Page((book / "cases" / "fifty-moves-written-capture.html").read_text()).text
    assert ("White stops the clocks and claims a draw under the fifty-move rule, having"
            " written 105. Rxd5 on his scoresheet and declared that he will play it.") in text
    assert "Clocks: White 5:00, Black 4:00" in text and "White to move." in text
    answer = _Page((book / "cases" / "fifty-moves-written-capture-answer.html").read_text())
    assert "White must play: Rxd5 (9.5b)" in answer.text
    assert "Result: the game continues" in answer.text
    assert "Clocks: White 2:30, Black 7:00" in answer.text
    long_game = _Page((book / "cases" / "fifty-moves-count-from-capture.html").read_text())
    assert "Moves played: 60. a6 Rxa6 61. Rh3 Ra1" in long_game.text


def test_links_resolve(book: Path) -> None:
    for path in [book / "index.html", *(book / "cases").iterdir()]:
        text = path.read_text(encoding="utf-8")
        for link in _Page(text).links:
            assert (path.parent / link).resolve().is_file(), f"{path.name}: {link}"


def test_special_characters_are_escaped(tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "odd.yaml").write_text(
        "title: <script>alert(1)</script> & co\nquestion: Is 1 < 2?\nanswer: {result: null}\n"
        "explanation: Yes & no.\narticles: ['9.2']\ntags: [x]\nsource: s\n")
    out = tmp_path / "out"
    assert main(["casebook", "--html", str(out), "--cases", str(cases)]) == 0
    page = (out / "cases" / "odd.html").read_text()
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page
    assert "Is 1 &lt; 2?" in page


@pytest.mark.parametrize(("args", "message"), [
    (["casebook"], "arbiter: the following arguments are required: --html"),
    (["casebook", "--html"], "arbiter: argument --html: expected one argument"),
    (["casebook", "--html", "{tmp}/out", "--cases", "{tmp}/none"],
     "arbiter: --cases {tmp}/none: no such folder"),
    (["casebook", "--html", "{tmp}/file.txt"],
     "arbiter: {tmp}/file.txt exists and is not a folder"),
    (["casebook", "--html", "{tmp}/out", "--cases", "{tmp}/bad"],
     "arbiter: {tmp}/bad/x.yaml: a case needs question, answer, explanation, articles, tags,"
     " source"),
    (["casebook", "--html", "{tmp}/out", "--cases", "{tmp}/empty"],
     "arbiter: {tmp}/empty: no case files (*.yaml) found"),
])
def test_bad_arguments_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            args: list[str], message: str) -> None:
    (tmp_path / "file.txt").write_text("")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.yaml").write_text("title: t\n")
    (tmp_path / "empty").mkdir()
    try:
        status = main([a.replace("{tmp}", str(tmp_path)) for a in args])
    except SystemExit as exc:  # argparse's own errors
        status = int(str(exc.code))
    assert status == 2
    assert capsys.readouterr().err == message.replace("{tmp}", str(tmp_path)) + "\n"
    assert not (tmp_path / "out").exists()
