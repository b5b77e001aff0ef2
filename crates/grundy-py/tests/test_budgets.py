"""The budgets of a call and its number arguments: `memory=` beside every
`max_states=`, messages that name Python's keywords where the command
names its flags, ints out of range refused by the argument's name, and a
graph given as edges refused while it is read."""

import inspect
import itertools
import warnings

import pytest

import grundy

BUDGETED = [
    grundy.value,
    grundy.compound,
    grundy.seq,
    grundy.quotient,
    grundy.explain,
    grundy.table,
    grundy.solve_graph,
    grundy.state_graph,
    grundy.draw,
]


def test_every_function_with_max_states_takes_memory():
    with_states = [
        name
        for name, f in inspect.getmembers(grundy, inspect.isfunction)
        if "max_states" in inspect.signature(f).parameters
    ]
    assert sorted(with_states) == sorted(f.__name__ for f in BUDGETED)
    for f in BUDGETED:
        assert "memory" in inspect.signature(f).parameters, f.__name__


MEMORY_PAST = "needs more than 1 MiB of memory; raise the limit (memory) to go further"

# Each function, past a memory budget of 1 MiB.
PAST_ONE_MIB = [
    lambda m: grundy.seq("grundy", 10**6, memory=m),
    lambda m: grundy.value("cram", ["4x5"], memory=m),
    lambda m: grundy.compound("cram", ["4x5"], memory=m),
    lambda m: grundy.explain("cram", ["4x5"], memory=m),
    lambda m: grundy.table(["0.16"], to=10**6, memory=m),
    lambda m: grundy.solve_graph(((n, n + 1) for n in range(10**5)), memory=m),
    lambda m: grundy.state_graph("nim", [300, 300], max_states=10**6, memory=m),
]


@pytest.mark.parametrize("call", PAST_ONE_MIB)
@pytest.mark.parametrize("memory", ["1M", "1m", 1 << 20])
def test_memory_is_the_budget_of_the_call(call, memory):
    with pytest.raises(ValueError) as caught:
        call(memory)
    assert str(caught.value).endswith(MEMORY_PAST)


def test_memory_stops_misere_runs_short_as_the_command_does():
    # Their answers say where a bound stopped them, in the command's words
    # (the answer is the command's JSON).
    s = grundy.seq("0.137", 100, misere=True, memory="1M")
    assert s.computed_to < 100 and s.stopped.endswith("needs more than 1 MiB of memory; raise the limit (--memory) to go further")
    q = grundy.quotient("0.137", to=200, memory="1M")
    assert q.stopped["heap"] < 200 and "needs more than 1 MiB of memory" in q.stopped["reason"]


def test_memory_reads_sizes_as_the_command_does():
    assert grundy.seq("grundy", 10**6, memory="4G").computed_to == 10**6
    assert grundy.value("kayles", [7, 11], memory=1 << 30).grundy == 4


@pytest.mark.parametrize(
    "memory,error,message",
    [
        ("lots", ValueError, "memory='lots': expected a size such as 512M, 4G or a number of bytes"),
        ("4X", ValueError, "memory='4X': expected a size such as 512M, 4G or a number of bytes"),
        ("99999999999T", ValueError, "memory='99999999999T': too large: at most 16 EiB"),
        (-1, ValueError, "memory must not be negative, got `-1`"),
        ("0", ValueError, "memory='0': no computation fits in 0 bytes: give a size such as 512M"),
        (0, ValueError, "memory=0: no computation fits in 0 bytes: give a size such as 512M"),
        (1.5, TypeError, "argument 'memory': give a number of bytes or a size such as \"512M\" or \"4G\", not 1.5"),
    ],
)
def test_a_bad_memory_names_memory(memory, error, message):
    with pytest.raises(error) as caught:
        grundy.value("nim", [3], memory=memory)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "call,message",
    [
        (
            lambda: grundy.value("0.137", [5000], max_states=10),
            "heap 5000 of 0.137 (no period is proven by n = 9) needs more than 10 states; raise the limit (max_states) to go further",
        ),
        (
            lambda: grundy.seq("grundy", 10**6, memory="1M"),
            "computing the sequence needs more than 1 MiB of memory; raise the limit (memory) to go further",
        ),
        (
            lambda: grundy.value("nim", [3], ground=2),
            "`nim` has no ground vertex; ground works with hackenbush",
        ),
        (
            lambda: grundy.explain("nim", [3], misere=True),
            "explain shows normal-play values, and misère values do not add up by XOR: for who wins in misère play, use `grundy value` with misere=True",
        ),
        # Quoted input stays as typed.
        (
            lambda: grundy.value("nim", ["--memory"]),
            "a heap size must not be negative, got `--memory`",
        ),
        # So do flags inside words (a path) and after a backquote typed in
        # the input.
        (
            lambda: grundy.seq("graph:a--misere.txt"),
            "graph:a--misere.txt is not a heap game, so it has no Grundy sequence; use `grundy value`",
        ),
        (
            lambda: grundy.value("nim", ["x`--memory 5"]),
            "a heap size must be a non-negative integer, got `x`--memory 5`",
        ),
    ],
)
def test_messages_name_keywords_not_flags(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message


def test_a_flag_given_a_size_is_the_keyword_given_it():
    with pytest.raises(ValueError, match=r'^the split search \(.*: give memory="\d+M" or more\) needs more than'):
        grundy.value("cram", ["4x5"], memory="1M")


def test_warnings_name_keywords_not_flags():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        grundy.value("hackenbush", ["1-2"])
    assert [str(w.message) for w in caught] == [
        "1-2: no edge touches the ground (vertex 0), so the graph is worth 0; to root it at vertex 1, say ground=1"
    ]


TOO_LARGE = "`18446744073709551616` is too large (at most 18446744073709551615)"


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: grundy.value("nim", [3], max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.value("nim", [3], max_states=1 << 64), "max_states " + TOO_LARGE),
        (lambda: grundy.value("hackenbush", ["0-1"], ground=-1), "ground must not be negative, got `-1`"),
        (lambda: grundy.draw("hackenbush", ["0-1"], ground=1 << 64), "ground " + TOO_LARGE),
        (lambda: grundy.compound("nim", [3], max_states=-5), "max_states must not be negative, got `-5`"),
        (lambda: grundy.explain("nim", [3], max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.seq("nim", 5, max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.seq("nim", 5, misere=True, max_states=1 << 64), "max_states " + TOO_LARGE),
        (lambda: grundy.quotient("kayles", max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.solve_graph([(1, 2)], max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.state_graph("nim", [3], max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.table(["0.7"], to=-1), "to must not be negative, got `-1`"),
        (lambda: grundy.table(["0.7"], misere=True, misere_to=1 << 64), "misere_to " + TOO_LARGE),
        (lambda: grundy.table(["0.7"], max_states=-1), "max_states must not be negative, got `-1`"),
        (lambda: grundy.value("nim", [3], memory=1 << 64), "memory " + TOO_LARGE),
        (lambda: grundy.seq("nim", 5, threads=-1), "threads=-1: give a number of threads from 1 to 1024"),
        (lambda: grundy.seq("nim", 5, threads=1 << 64), "threads=18446744073709551616: give a number of threads from 1 to 1024"),
    ],
)
def test_ints_out_of_range_name_their_argument(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message


def test_a_table_is_checked_as_the_command_checks_it():
    """The engine's one check of a sweep, in Python's keywords."""
    for kwargs, message in [
        (dict(to=0), "to=0: give a heap budget of at least 1 per game"),
        (
            dict(to=100, max_states=100),
            "to=100: each game would need more than 100 states; raise the limit (max_states) to go further",
        ),
    ]:
        with pytest.raises(ValueError) as caught:
            grundy.table(["0.7"], **kwargs)
        assert str(caught.value) == message
    with pytest.raises(ValueError, match="^misere_to=1000000000: the quotient of heaps"):
        grundy.table(["0.7"], misere=True, misere_to=10**9)


def test_a_wrong_type_is_still_a_type_error_naming_the_argument():
    with pytest.raises(TypeError, match="argument 'max_states'"):
        grundy.value("nim", [3], max_states="10")


def test_a_graph_past_max_states_is_refused_while_its_edges_are_read():
    read = itertools.count()

    def edges():
        # Far too many to list before the bound is checked.
        for n in range(200_000):
            next(read)
            yield (f"v{n}", f"v{n + 1}")

    with pytest.raises(ValueError) as caught:
        grundy.solve_graph(edges(), max_states=1000)
    assert str(caught.value) == (
        "this graph needs more than 1000 states; raise the limit (max_states) to go further"
    )
    assert next(read) == 1000


def test_edges_are_pairs_of_names():
    got = grundy.solve_graph([["a", "b"], "bc", (1, 2)])
    assert [r["vertex"] for r in got.table] == ["a", "b", "c", "1", "2"]
    with pytest.raises(ValueError, match=r"^edge 2: an edge is a pair \(u, v\) of vertex names, got \('a', 'b', 'c'\)$"):
        grundy.solve_graph([("a", "b"), ("a", "b", "c")])
    with pytest.raises(ValueError, match=r"^edge 1: an edge is a pair \(u, v\) of vertex names, got 5$"):
        grundy.solve_graph([5])
