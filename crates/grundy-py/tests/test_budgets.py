"""The number arguments of a call and its messages: ints out of range
refused by the argument's name, and messages that name Python's keywords
where the command names its flags."""

import warnings

import pytest

import grundy


@pytest.mark.parametrize(
    "call,message",
    [
        (
            lambda: grundy.value("0.137", [5000], max_states=10),
            "heap 5000 of 0.137 (no period is proven by n = 9) needs more than 10 states; raise the limit (max_states) to go further",
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
    ],
)
def test_messages_name_keywords_not_flags(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message


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
        (lambda: grundy.seq("nim", 5, threads=-1), "threads=-1: give a number of threads from 1 to 1024"),
        (lambda: grundy.seq("nim", 5, threads=1 << 64), "threads=18446744073709551616: give a number of threads from 1 to 1024"),
    ],
)
def test_ints_out_of_range_name_their_argument(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message


def test_a_wrong_type_is_still_a_type_error_naming_the_argument():
    with pytest.raises(TypeError, match="argument 'max_states'"):
        grundy.value("nim", [3], max_states="10")
