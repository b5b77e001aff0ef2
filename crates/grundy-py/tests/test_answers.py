"""The package's answers equal the command's `--json` answers."""

import json

import numpy as np
import pytest

import grundy

EXAMPLES = [g for g in grundy.games() if g["example_game"] is not None]


def test_games_list_the_registry_as_the_command_does(cli):
    code, out, _ = cli("games")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(grundy.games())
    for line, g in zip(lines, grundy.games()):
        assert line.startswith(g["name"] + "  ") and g["about"] in line
    files = [g["name"] for g in grundy.games() if g["example_game"] is None]
    assert files == ["graph:FILE", "rules:FILE.rhai"]


@pytest.mark.parametrize("entry", EXAMPLES, ids=[g["name"] for g in EXAMPLES])
def test_value_of_every_example_equals_the_cli_json(entry, cli_json):
    components = entry["example_position"].split(";")
    expected = cli_json("value", entry["example_game"], *components)
    got = grundy.value(entry["example_game"], components)
    assert got.to_dict() == expected
    assert got.outcome == expected["outcome"]
    assert got.winning_moves == expected["winning_moves"]


def test_kayles_sum_and_misere_play(cli_json):
    a = grundy.value("kayles", [7, 11])
    assert (a.values, a.grundy, a.outcome) == ([2, 6], 4, "N")
    assert a.winning_moves == [{"component": 1, "to": "10"}, {"component": 1, "to": "4+6"}]
    assert a.method is None and "method" not in a.to_dict()
    m = grundy.value("nim", [1, 1, 1], misere=True)
    assert m.to_dict() == cli_json("value", "nim", "1", "1", "1", "--misere")
    assert (m.outcome, m.method) == ("P", "bouton")


def test_seq_equals_the_cli_values_file(cli, tmp_path):
    n = 1 << 16
    out = tmp_path / "g.bin"
    code, _, err = cli("seq", "grundy", "--to", n, "--values-out", out)
    assert code == 0, err
    s = grundy.seq("grundy", n)
    assert s.values.dtype == np.uint16
    assert len(s.values) == n + 1
    assert np.array_equal(s.values, np.fromfile(out, dtype="<u2"))
    assert s.computed_to == n


def test_seq_reports_the_period_and_proof_as_the_cli(cli_json):
    expected = cli_json("seq", "kayles")
    s = grundy.seq("kayles")
    assert (s.period, s.preperiod, s.proven) == (12, 71, True)
    assert s.to_dict() == expected
    assert s.proof == expected["proof"] and s.proof
    threads = grundy.seq("0.137", to=5000, threads=1)
    assert threads.to_dict() == cli_json("seq", "0.137", "--to", "5000")


def test_large_values_widen_the_array():
    s = grundy.seq("nim", to=70000)
    assert s.values.dtype == np.uint32
    assert np.array_equal(s.values, np.arange(70001, dtype=np.uint32))


def test_solve_graph_equals_the_cli_on_the_same_file(cli_json, tmp_path):
    edges = [("a", "b"), ("b", "c"), ("c", "a"), ("a", "d"), ("e", "e"), (1, 2)]
    path = tmp_path / "edges"
    path.write_text("".join(f"{u} {v}\n" for u, v in edges))
    expected = cli_json("solve", f"graph:{path}")
    got = grundy.solve_graph(edges)
    assert got.to_dict() == {**expected, "game": "graph:edges"}
    rows = {r["vertex"]: (r["outcome"], r["remoteness"], r["value"]) for r in got.table}
    assert rows["d"] == ("P", 0, 0)
    assert rows["e"] == ("D", None, "inf()")
    misere = grundy.solve_graph(edges, misere=True)
    assert misere.to_dict() == {**cli_json("solve", f"graph:{path}", "--misere"), "game": "graph:edges"}


def test_state_graph_is_the_cli_picture(cli):
    g = grundy.state_graph("nim", [2, 1])
    code, svg, _ = cli("graph", "nim", "2", "1")
    assert code == 0
    assert g._repr_svg_() == svg
    code, dot, _ = cli("graph", "nim", "2", "1", "--format", "dot")
    assert g.dot == dot


def test_state_graph_with_drawings_is_the_cli_picture(cli):
    g = grundy.state_graph("cram", ["2x2"], drawings=True)
    code, svg, _ = cli("graph", "cram", "2x2", "--drawings")
    assert code == 0
    assert g._repr_svg_() == svg
    assert svg.count('<svg class="position"') == svg.count('<g class="node')


def test_draw_and_state_graph_read_board_files_as_the_cli_does(cli, tmp_path):
    import json

    board = tmp_path / "board.txt"
    board.write_text("..x\n...\n")
    d = grundy.draw("cram", [str(board)])
    code, out, _ = cli("draw", "cram", str(board), "--json")
    assert code == 0
    assert d.to_dict() == json.loads(out)
    assert d.to_dict() == grundy.draw("cram", ["..x/..."]).to_dict()
    g = grundy.state_graph("cram", [str(board)])
    code, svg, _ = cli("graph", "cram", str(board))
    assert code == 0
    assert g._repr_svg_() == svg


def test_draw_is_the_cli_drawing(cli):
    import json

    d = grundy.draw("cram", ["2x3"])
    code, out, _ = cli("draw", "cram", "2x3", "--json")
    assert code == 0
    assert d.to_dict() == json.loads(out)
    code, svg, _ = cli("draw", "cram", "2x3", "--format", "svg")
    assert d._repr_svg_() + "\n" == svg
    code, text, _ = cli("draw", "cram", "2x3")
    assert d.text + "\n" == text
    assert d.text == "   a b c\n1  . . .\n2  . . ."
    # Seven dominoes, each typed by its two squares.
    assert sorted(m["typed"] for m in d.moves)[:2] == ["a1-a2", "a1-b1"]
    assert len(d.moves) == 7
    assert grundy.draw("hackenbush", ["0-1,1-2"]).text is None
    with pytest.raises(ValueError, match="wythoff is not drawn"):
        grundy.draw("wythoff", ["3,5"])


def test_the_example_notebook_is_a_valid_notebook():
    import ast
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "grundy.ipynb"
    nb = json.loads(path.read_text())
    assert nb["nbformat"] == 4 and nb["nbformat_minor"] >= 4
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) >= 5
    for c in nb["cells"]:
        assert {"cell_type", "metadata", "source", "id"} <= set(c)
    for c in code:
        assert c["outputs"] == [] and c["execution_count"] is None
        ast.parse("".join(c["source"]))
    assert any("grundy.seq(\"grundy\"" in "".join(c["source"]) for c in code)


def test_compounds_and_sums_equal_the_cli_json(cli_json):
    c = grundy.compound("euclid", ["3,2", "1,1"], kind="continued")
    assert isinstance(c, grundy.CompoundAnalysis)
    assert c.to_dict() == cli_json("value", "euclid", "3,2", "1,1", "--compound", "continued")
    assert [n["suspense"] for n in c.numbers] == [2, 1]
    s = grundy.compound(None, ["kayles 3", "nim 4", "cram 3x4"])
    assert isinstance(s, grundy.Analysis)
    assert s.to_dict() == cli_json("value", "--sum", "kayles 3", "nim 4", "cram 3x4")
    assert s.winning_moves == [{"component": 1, "to": "nim 2"}]
    m = grundy.compound("kayles", [3, 4], kind="selective", misere=True)
    assert m.method == "search"
    # One game's misère sum is the game's own question, as on the command
    # line (by genus theory here), not the compounds' search.
    d = grundy.compound("kayles", [30, 40, 50], misere=True)
    assert isinstance(d, grundy.Analysis)
    assert d.to_dict() == cli_json("value", "kayles", "30", "40", "50", "--compound", "disjunctive", "--misere")
    assert d.to_dict() == grundy.value("kayles", [30, 40, 50], misere=True).to_dict()
    with pytest.raises(ValueError, match="unknown compound"):
        grundy.compound("nim", [3], kind="conj")


def test_the_same_questions_give_the_cli_json_byte_for_byte(cli, tmp_path):
    """A heap game, a board read from a file, a misère sum and a misère
    sequence: ``to_json()`` is what ``--json`` prints, byte for byte."""
    board = tmp_path / "board.txt"
    board.write_text("..x.\n....\n.x..\n")
    questions = [
        (grundy.value("kayles", [4, "2+1"]), ["value", "kayles", "4", "2+1"]),
        (grundy.value("cram", [str(board)]), ["value", "cram", str(board)]),
        (grundy.value("kayles", [3, 5, 7], misere=True), ["value", "kayles", "3", "5", "7", "--misere"]),
        (grundy.seq("4.7", to=16, misere=True), ["seq", "4.7", "--to", "16", "--misere"]),
        (grundy.seq("kayles", misere=True), ["seq", "kayles", "--misere"]),
    ]
    for answer, args in questions:
        code, out, err = cli(*args, "--json")
        assert code == 0, err
        assert answer.to_json() == out, args
    # The file is named by its path, as the command names it.
    assert grundy.value("cram", [str(board)]).components == [str(board)]


def test_misere_sequence_fields():
    s = grundy.seq("4.7", to=16, misere=True)
    assert isinstance(s, grundy.MisereSequence)
    assert s.computed_to == 16 and s.tame_to == 4
    assert s.genus[5] == "1^431" and s.genus[16] == "2^131313131420"
    assert s.misere_values[:6] == [1, 0, 2, 0, 2, 4]
    with pytest.raises(ValueError, match="not a heap game"):
        grundy.seq("wythoff", misere=True)


def test_a_board_file_that_is_not_there_says_so(tmp_path):
    with pytest.raises(ValueError, match="no file is named"):
        grundy.value("cram", [str(tmp_path / "missing.txt")])


def test_quotient_and_explain_are_the_cli_json(cli, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("...\n.x.\n")
    questions = [
        (grundy.quotient("0.75"), ["quotient", "0.75"]),
        (grundy.quotient("kayles", to=20), ["quotient", "kayles", "--to", "20"]),
        (grundy.explain("kayles", [4, "2+1"]), ["explain", "kayles", "4", "2+1"]),
        (grundy.explain("cram", [str(board), "2x3"]), ["explain", "cram", str(board), "2x3"]),
    ]
    for answer, args in questions:
        code, out, err = cli(*args, "--json")
        assert code == 0, err
        assert answer.to_json() == out, args
    q = grundy.quotient("0.75")
    assert (q.order, q.p_portion_size, q.period is not None) == (8, 2, True)
    assert grundy.quotient("kayles", to=20).order == 24
    with pytest.raises(ValueError, match="not a heap game"):
        grundy.quotient("wythoff")
    stopped = grundy.quotient("0.07", to=30, max_states=1000)
    assert stopped.stopped["heap"] <= 30 and stopped.heaps < 30
    # A stop no bound made is the game's fault, raised as the command
    # fails with it (exit code 2), not an answer.
    up = tmp_path / "up.rhai"
    up.write_text("fn moves(n) { if n == 2 { [3] } else if n > 0 { [n - 1] } else { [] } }\n")
    with pytest.raises(ValueError, match="^heap 2 not finished: .*a move from heap 2 leaves 3"):
        grundy.quotient(f"rules:{up}", to=5)
    code, _, err = cli("quotient", f"rules:{up}", "--to", "5")
    assert code == 2 and err.startswith("error: heap 2 not finished: "), err


def test_answers_behave_like_python_values():
    a = grundy.value("kayles", [7, 11])
    assert a["outcome"] == "N" and "winning_moves" in a and "nope" not in a
    assert dict(a) == a.to_dict() and list(a) == list(a.to_dict())
    assert len(a) == len(a.to_dict())
    assert a.values == [2, 6]
    table = a._repr_html_()
    assert table.startswith("<table><caption>Analysis</caption>") and "winning_moves" in table
    s = grundy.seq("kayles", to=20)
    assert s[12] == 4 and s["computed_to"] == 20
    assert [s[n] for n in range(5)] == [0, 1, 2, 3, 1]
    assert "&lt;" in grundy.value("nim", [1]).__class__({"x": "<b>"})._repr_html_()


def test_a_sequence_is_indexed_by_any_integer():
    np = pytest.importorskip("numpy")
    s = grundy.seq("kayles", to=20)
    assert s[np.int64(12)] == s[np.uint8(12)] == s[12] == 4
    assert s[grundy.Nimber(3)] == s[3] and s[-1] == s[20]
    with pytest.raises(TypeError):
        s[1.5]
    # Past the values computed, the proven period answers, for any heap:
    # Kayles' period is 12 from heap 71.
    k = grundy.seq("kayles")
    assert k.proven and (k.period, k.preperiod) == (12, 71)
    assert k[1000] == k[71 + (1000 - 71) % 12] == grundy.value("kayles", [1000]).values[0]
    assert k[10**30] == k[71 + (10**30 - 71) % 12]
    with pytest.raises(IndexError, match="index -169: the values computed are heaps 0 to 167"):
        k[-169]
    # With no period proven, a heap past the values is refused, saying
    # how to value it.
    with pytest.raises(IndexError, match=r"heap 21 is past the values computed \(0 to 20\)"):
        grundy.seq("0.137", to=20)[21]
    with pytest.raises(TypeError, match=r"s.misere_values\[n\]"):
        grundy.seq("kayles", to=5, misere=True)[3]


@pytest.mark.parametrize(
    "args",
    [["0.?7", "--to", "300"], ["4.[01]", "0.70", "--to", "200", "--misere", "--misere-to", "12"]],
)
def test_table_rows_are_the_cli_json_lines(cli, args):
    code, out, err = cli("table", *args, "--json", "--threads", "1")
    assert code == 0, err
    expected = sorted((json.loads(line) for line in out.splitlines()), key=lambda r: r["index"])
    patterns = [a for a in args if not a.startswith("--") and not a.isdigit()]
    to = int(args[args.index("--to") + 1])
    misere = "--misere" in args
    got = grundy.table(patterns, to=to, misere=misere, misere_to=12)
    for row in expected + got:
        row.pop("seconds")
    assert got == expected
