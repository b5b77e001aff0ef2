"""grundy: solve impartial combinatorial games from Python.

The engine of the ``grundy`` command, called directly: Sprague-Grundy
values, outcomes and winning moves of sums (:func:`value`), Grundy
sequences of heap games as numpy arrays with their periods (:func:`seq`),
graphs with cycles (:func:`solve_graph`), pictures of state graphs
(:func:`state_graph`), positions drawn as their games draw them
(:func:`draw`) and nim arithmetic (:class:`Nimber`).

Answers have the fields of the command's ``--json`` output, as attributes
and through ``to_dict()``. Bad input raises ``ValueError`` with the
command's one-line message, which names keywords where the command names
its flags (``max_states`` for ``--max-states``); Ctrl-C
(``KeyboardInterrupt``) stops a long computation, which runs with the GIL
released.
"""

from __future__ import annotations

import html
import json
import operator
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Optional,
    SupportsIndex,
    Tuple,
    Union,
)

import numpy as np

from . import _grundy
from ._grundy import Nimber

__version__: str = _grundy.__version__

__all__ = [
    "Analysis",
    "CompoundAnalysis",
    "compound",
    "draw",
    "Drawing",
    "MisereSequence",
    "Explanation",
    "explain",
    "Nimber",
    "Quotient",
    "quotient",
    "Sequence",
    "SolvedGraph",
    "StateGraph",
    "games",
    "seq",
    "solve_graph",
    "state_graph",
    "table",
    "value",
]

Component = Union[str, int]

Memory = Union[int, str]
"""A memory budget: a number of bytes, or a size as ``grundy --memory``
reads it (``"512M"``, ``"4G"``)."""


def _shown(value: Any) -> str:
    """A field's value as a notebook table shows it: short lists whole,
    long ones cut."""
    if isinstance(value, list) and len(value) > 40:
        return f"[{', '.join(map(str, value[:40]))}, ... ({len(value)} in all)]"
    return str(value)


class _Answer:
    """An engine answer: the fields of its JSON form as attributes, and as
    a read-only mapping (``a["outcome"]``, ``"method" in a``, ``dict(a)``,
    ``for name in a``)."""

    def __init__(self, fields: Dict[str, Any]) -> None:
        self._fields = fields

    def __getitem__(self, name: str) -> Any:
        return self._fields[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __contains__(self, name: object) -> bool:
        return name in self._fields

    def keys(self) -> Iterable[str]:
        """The field names (so that ``dict(answer)`` works). Not a full
        mapping: ``answer.values`` is the field ``values``."""
        return self._fields.keys()

    def _repr_html_(self) -> str:
        """A table of the fields, for notebooks."""
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
            f"<td style='text-align:left'>{html.escape(_shown(v))}</td></tr>"
            for k, v in self.to_dict().items()
        )
        return f"<table><caption>{type(self).__name__}</caption>{rows}</table>"

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_fields"][name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r}"
            ) from None

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._fields))

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a dict, as the command's ``--json`` writes them."""
        return dict(self._fields)

    def to_json(self) -> str:
        """The answer as the command's ``--json`` prints it, byte for byte
        (and as the HTTP API's ``/api/...`` answers it)."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self._fields.items())
        return f"{type(self).__name__}({shown})"


class Analysis(_Answer):
    """A position's analysis (``grundy value --json``): ``game``,
    ``components``, ``values``, ``grundy``, ``outcome`` (``"P"``, ``"N"``
    or ``"D"``), ``winning_moves`` (dicts with ``component``, ``to`` and
    maybe ``note``), ``moves_truncated``, ``misere`` and, in misère play,
    ``method``."""

    game: str
    components: List[str]
    values: Optional[List[Union[int, str, None]]]
    grundy: Union[int, str, None]
    outcome: str
    winning_moves: List[Dict[str, Any]]
    moves_truncated: bool
    misere: bool

    @property
    def method(self) -> Optional[str]:
        """How a misère position was decided (``"bouton"``, ``"genus"``,
        ``"quotient"`` or ``"search"``); ``None`` in normal play, where the
        JSON has no such field."""
        return self._fields.get("method")


class CompoundAnalysis(_Answer):
    """A compound's analysis (``grundy value --compound KIND --json``):
    ``game``, ``compound``, ``misere``, ``components``, ``numbers`` (per
    component: ``outcome`` and the number the theory uses, ``remoteness``,
    ``suspense`` or ``value``), ``outcome``, ``rule``, ``method``
    (``"theory"`` or ``"search"``), ``winning_moves`` (dicts whose
    ``moves`` list one move per component moved) and ``moves_truncated``."""

    game: str
    compound: str
    misere: bool
    components: List[str]
    numbers: List[Dict[str, Any]]
    outcome: str
    rule: str
    method: str
    winning_moves: List[Dict[str, Any]]
    moves_truncated: bool


class Sequence(_Answer):
    """A Grundy sequence (``grundy seq --json``): ``values`` is a numpy
    array (uint16 while the values fit, else uint32) of G(0..=computed_to);
    ``period``, ``preperiod``, ``proven`` and ``proof`` say what is known of
    its period; also ``game``, ``computed_to``, ``closed_form``, ``sparse``."""

    game: str
    computed_to: int
    values: np.ndarray
    preperiod: Optional[int]
    period: Optional[int]
    proven: bool
    proof: Optional[str]
    closed_form: Optional[str]
    sparse: Optional[Dict[str, Any]]

    def __getitem__(self, key: Union[str, SupportsIndex]) -> Any:
        """``s[n]`` is G(n) for a heap n (any integer, numpy's too): from
        the values computed, or past them from the proven period; as in a
        list, ``s[-1]`` is the last value computed. ``s["period"]`` is a
        field. A heap past the values with no proven period raises
        ``IndexError``."""
        if isinstance(key, str):
            return self._fields[key]
        n = operator.index(key)
        values = self._fields["values"]
        if -len(values) <= n < len(values):
            return int(values[n])
        if n < 0:
            raise IndexError(f"index {n}: the values computed are heaps 0 to {len(values) - 1}")
        start, period = self._fields["preperiod"], self._fields["period"]
        if self._fields["proven"] and period and start is not None:
            return int(values[start + (n - start) % period])
        raise IndexError(
            f"heap {n} is past the values computed (0 to {len(values) - 1}) and no period "
            f"is proven: grundy.value({self._fields['game']!r}, [{n}]) values it"
        )

    def to_dict(self) -> Dict[str, Any]:
        """The fields as ``--json`` writes them, values as a list of ints."""
        fields = dict(self._fields)
        fields["values"] = fields["values"].tolist()
        return fields


class MisereSequence(_Answer):
    """The misère sequence of a heap game (``grundy seq --misere --json``):
    for each heap n up to ``computed_to``, its normal-play value
    (``values``), misère value (``misere_values``), Conway's genus symbol
    (``genus``) and whether it is hereditarily tame (``tame``); ``tame_to``
    is the last heap up to which every heap is tame, and ``stopped`` says
    why the run ended before ``to`` (a bound), else ``None``."""

    game: str
    computed_to: Optional[int]
    values: List[int]
    misere_values: List[int]
    genus: List[str]
    tame: List[bool]
    tame_to: Optional[int]
    stopped: Optional[str]

    def __getitem__(self, key: Union[str, SupportsIndex]) -> Any:
        """``s["genus"]`` a field; a heap is read from the lists of its
        values (``s.misere_values[n]``, ``s.genus[n]``), since a misère
        sequence holds several for each heap."""
        if isinstance(key, str):
            return self._fields[key]
        raise TypeError(
            "a misère sequence holds several lists by heap: read heap n as "
            "s.values[n], s.misere_values[n], s.genus[n] or s.tame[n]"
        )


class Quotient(_Answer):
    """A misère quotient (``grundy quotient --json``): ``order``,
    ``p_portion``, ``generators``, ``relations``, ``heap_elements`` (each
    heap's element as a word), ``stable``, ``proof`` and, when the
    quotient periodicity theorem proves it for every heap, ``period``;
    ``stopped`` (heap and reason) when a bound ended the run short."""

    game: str
    heaps: int
    order: int
    p_portion_size: int
    p_portion: List[str]
    generators: List[Dict[str, Any]]
    relations: List[str]
    heap_elements: List[str]
    stable: bool
    stable_since: int
    proof: str


class Explanation(_Answer):
    """Why a position has its value (``grundy explain --json``): each
    component's options and their mex, and the XOR that adds them up."""


class SolvedGraph(_Answer):
    """Every vertex of a graph (``grundy solve --json``): ``table`` holds one
    dict per vertex with ``vertex``, ``outcome``, ``remoteness`` and
    ``value``; also ``game``, ``vertices``, ``edges``, ``starts``, ``misere``."""

    game: str
    vertices: int
    edges: int
    starts: List[str]
    table: List[Dict[str, Any]]
    misere: bool


class StateGraph:
    """The state graph of a position (``grundy graph``): values on the
    nodes, P-positions red, winning moves green. A notebook shows it as
    a picture (``_repr_svg_``)."""

    def __init__(self, svg: str, dot: str) -> None:
        self.svg = svg
        """The picture as a standalone SVG document."""
        self.dot = dot
        """The graph in Graphviz DOT, for ``dot -Tpng``."""

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"StateGraph(<{len(self.svg)} characters of SVG>)"


class Drawing(_Answer):
    """A position as its game draws it (``grundy draw --json``): ``game``,
    ``position``, ``parts`` (one drawing per component: a board, a graph,
    coins or a heap) and ``moves`` (dicts with ``next``, ``typed``, how
    ``grundy play`` reads the move, and ``keys``, the parts that choose
    it). A notebook shows it as a picture (``_repr_svg_``)."""

    game: str
    position: List[str]
    parts: List[Dict[str, Any]]
    moves: List[Dict[str, Any]]

    def __init__(self, fields: Dict[str, Any], svg: str, text: Optional[str]) -> None:
        super().__init__(fields)
        self.__dict__["svg"] = svg
        self.__dict__["text"] = text

    def _repr_svg_(self) -> str:
        return self.__dict__["svg"]


def _texts(components: Iterable[Component]) -> List[str]:
    if isinstance(components, (str, int)):
        components = [components]
    # Bytes would iterate as their codes (b"3" as the heap 51).
    if isinstance(components, (bytes, bytearray, memoryview)):
        raise TypeError(
            "components are ints or texts, not bytes: decode them first, e.g. b\"3\".decode()"
        )
    texts = []
    for c in components:
        if isinstance(c, (bytes, bytearray, memoryview)):
            raise TypeError(
                f"a component is an int or a text, not bytes ({c!r}): decode it first"
            )
        texts.append(str(c))
    return texts


def value(
    game: str,
    components: Iterable[Component],
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> Analysis:
    """The values, outcome and winning moves of a sum of components.

    ``game`` is a name as ``grundy games`` lists it (``"nim"``,
    ``"sub:1,3,4"``, ``"kayles"``, ...), ``components`` the components as
    the command takes them (ints or texts such as ``"4+6"`` or ``"2,5"``).
    ``misere`` plays misère (the last mover loses), ``max_states`` is the
    state budget (default 10,000,000), ``ground`` the ground vertex of
    Hackenbush and ``memory`` the memory budget, bytes or a size such as
    ``"512M"`` (default: half the machine's memory, at most 1 GiB, as
    ``grundy --memory``). Same answer as ``grundy value GAME COMPONENT...
    --json``.
    """
    return Analysis(
        _grundy.value(game, _texts(components), misere, max_states, ground, memory)
    )


def compound(
    game: Optional[str],
    components: Iterable[Component],
    kind: str = "disjunctive",
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> Union[Analysis, CompoundAnalysis]:
    """Several games played at once.

    ``kind`` is how: ``"disjunctive"`` (the sum), ``"diminished"``,
    ``"conjunctive"``, ``"continued"`` (contests' Every-SG),
    ``"selective"`` or ``"shortened"``. With ``game`` ``None`` the
    components are of different games, each written ``"GAME POSITION"``
    (``["kayles 3", "nim 4", "cram 3x4"]``). A sum in normal play, and a
    sum of one game's components in misère play (decided as :func:`value`
    decides it), is an :class:`Analysis`; anything else a
    :class:`CompoundAnalysis`. Same answer as ``grundy value [--sum] ...
    --compound KIND --json``. ``max_states``, ``ground`` and ``memory`` as
    in :func:`value`.
    """
    fields = _grundy.compound(
        game, _texts(components), kind, misere, max_states, ground, memory
    )
    if "compound" in fields:
        return CompoundAnalysis(fields)
    return Analysis(fields)


def _heap_text(to: Optional[int]) -> Optional[str]:
    """``to`` as the text the engine reads a last heap from: a number,
    not a text that reads as one (``"05"``) or a bool."""
    if to is None:
        return None
    if isinstance(to, (bool, str, bytes, bytearray)):
        raise TypeError(f"to must be an int, got {to!r}")
    return str(to)


def seq(
    game: str,
    to: Optional[int] = None,
    threads: Optional[int] = None,
    max_states: Optional[int] = None,
    misere: bool = False,
    memory: Optional[Memory] = None,
) -> Union[Sequence, MisereSequence]:
    """The Grundy sequence G(0..=to) of a heap game and its period.

    Without ``to``, games with a periodicity theorem run until the period
    is proven (up to 2^20 heaps), as ``grundy seq GAME``. ``threads`` is
    the number of threads that value heaps together (default: every core);
    the values are the same for every count. ``values`` is a numpy array
    wrapping the engine's output without a copy. ``max_states`` and
    ``memory`` are the budgets, as in :func:`value`.

    With ``misere=True``, the misère sequence instead, as ``grundy seq GAME
    --misere``: each heap's misère value and genus, to heap 30 unless
    ``to`` says otherwise (a :class:`MisereSequence`).
    """
    to_text = _heap_text(to)
    # As every other function's `misere`: a bool, not any truthy value.
    if not isinstance(misere, bool):
        raise TypeError(f"misere must be True or False, got {misere!r}")
    if misere:
        return MisereSequence(_grundy.misere_seq(game, to_text, max_states, memory))
    fields, packed, width = _grundy.seq(game, to_text, threads, max_states, memory)
    fields["values"] = np.frombuffer(packed, dtype=np.dtype(f"<u{width}"))
    return Sequence(fields)


def quotient(
    game: str,
    to: Optional[int] = None,
    max_states: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> Quotient:
    """The misère quotient of a heap game's sums of heaps up to ``to``
    (default 40), as ``grundy quotient GAME --to N``: the run stops early
    where the periodicity theorem proves it for every heap, and a bound
    reached keeps the quotient proven so far (``stopped`` says where);
    ``max_states`` and ``memory`` are the budgets, as in :func:`value`."""
    return Quotient(
        _grundy.quotient(game, _heap_text(to), max_states, memory)
    )


def explain(
    game: str,
    components: Iterable[Component],
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> Explanation:
    """Why each component has its value, and how the values add up, as
    ``grundy explain GAME COMPONENT... --json``; components may be files,
    named by their path in the answer. The other arguments as in
    :func:`value`."""
    return Explanation(
        _grundy.explain(game, _texts(components), misere, max_states, ground, memory)
    )


def table(
    patterns: Union[str, Iterable[str]],
    to: Optional[int] = None,
    misere: bool = False,
    misere_to: int = 20,
    max_states: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> List[Dict[str, Any]]:
    """The rows of ``grundy table PATTERN... --json`` (``"0.[0-7]7"``,
    ``"4.0-7"``): for each code, in the order listed, its period and how it
    is proven, its largest value and sparse space, within a heap budget of
    ``to`` per game; with ``misere``, the order of its misère quotient to
    heap ``misere_to`` (``quotient``). Codes of the same game as an earlier
    one carry its results (``same_as``). ``max_states`` and ``memory`` are
    the budgets of the whole table, as in :func:`value`. There is no time
    budget per game: Ctrl-C stops a long table."""
    listed = [patterns] if isinstance(patterns, str) else list(patterns)
    budgets = {"max_states": max_states, "memory": memory}
    if to is None:
        return _grundy.table(listed, misere=misere, misere_to=misere_to, **budgets)
    return _grundy.table(listed, to, misere, misere_to, **budgets)


def games() -> List[Dict[str, Optional[str]]]:
    """The games grundy knows, as ``/api/games`` lists them: ``name`` (the
    pattern, ``sub:S``), ``components``, ``about``, and ``example_game`` and
    ``example_position`` (components separated by ``;``), ``None`` for
    games read from files."""
    return _grundy.games()


def solve_graph(
    edges: Iterable[Tuple[Any, Any]],
    misere: bool = False,
    max_states: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> SolvedGraph:
    """Outcome (P, N or D for a draw), remoteness and value of every vertex
    of a directed graph, cycles allowed: a token slides along an edge and
    whoever cannot move loses. ``edges`` are pairs ``(u, v)`` of vertex
    names (words or ints). Same answer as ``grundy solve graph:FILE --json``
    for a file of these edges; ``misere``: the player who cannot move wins.
    ``max_states`` bounds the vertices (``memory`` as in :func:`value`): the
    edges are read one at a time, and a graph past it is refused as soon as
    an edge names one vertex too many, a generator of edges not read on.
    """
    return SolvedGraph(_grundy.solve_graph(edges, misere, max_states, memory))


def state_graph(
    game: str,
    components: Iterable[Component],
    misere: bool = False,
    max_states: Optional[int] = None,
    drawings: bool = False,
    memory: Optional[Memory] = None,
) -> StateGraph:
    """The picture of every position reachable from a position (at most
    ``max_states``, default 500), as ``grundy graph GAME COMPONENT...``;
    with ``drawings``, each position drawn in its node as
    ``graph --drawings`` draws it; ``memory`` as in :func:`value`."""
    svg, dot = _grundy.state_graph(
        game, _texts(components), misere, max_states, drawings, memory
    )
    return StateGraph(svg, dot)


def draw(
    game: str,
    components: Iterable[Component],
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[Memory] = None,
) -> Drawing:
    """The position drawn as ``grundy draw GAME COMPONENT...`` draws it:
    ``.svg`` is the picture, ``.text`` boards and coins with their
    coordinates (``None`` for pictures only). Raises ``ValueError`` for a
    game without drawings (``wythoff``). The other arguments as in
    :func:`value`."""
    fields, svg, text = _grundy.draw(
        game, _texts(components), misere, max_states, ground, memory
    )
    return Drawing(fields, svg, text)
