"""Type stubs of the native module (Rust, PyO3); use it through `grundy`."""

from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

# A memory budget: bytes, or a size as `grundy --memory` reads it ("512M").
_Memory = Union[int, str]

def value(
    game: str,
    components: List[str],
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Dict[str, Any]: ...
def compound(
    game: Optional[str],
    components: List[str],
    kind: str = "disjunctive",
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Dict[str, Any]: ...
def seq(
    game: str,
    to: Optional[str] = None,
    threads: Optional[int] = None,
    max_states: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Tuple[Dict[str, Any], bytearray, int]: ...
def misere_seq(
    game: str,
    to: Optional[str] = None,
    max_states: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Dict[str, Any]: ...
def quotient(
    game: str,
    to: Optional[str] = None,
    max_states: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Dict[str, Any]: ...
def explain(
    game: str,
    components: List[str],
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Dict[str, Any]: ...
def table(
    patterns: List[str],
    to: int = ...,
    misere: bool = False,
    misere_to: int = 20,
    max_states: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> List[Dict[str, Any]]: ...
def games() -> List[Dict[str, Optional[str]]]: ...
def solve_graph(
    edges: Iterable[Tuple[Any, Any]],
    misere: bool = False,
    max_states: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Dict[str, Any]: ...
def state_graph(
    game: str,
    components: List[str],
    misere: bool = False,
    max_states: Optional[int] = None,
    drawings: bool = False,
    memory: Optional[_Memory] = None,
) -> Tuple[str, str]: ...

def draw(
    game: str,
    components: List[str],
    misere: bool = False,
    max_states: Optional[int] = None,
    ground: Optional[int] = None,
    memory: Optional[_Memory] = None,
) -> Tuple[Dict[str, Any], str, Optional[str]]: ...

_Operand = Union["Nimber", int]

__version__: str

class Nimber:
    """A nimber `*n`, n from 0 to 2^64 - 1: `+`, `-` and `^` are XOR, `*` is
    nim multiplication. Equal to (and hashed as) the int n; ordered by n for
    sorting. An int out of that range is refused with ValueError, and
    `pow(x, k, m)` with TypeError (nimbers have no remainders)."""

    def __new__(cls, value: int) -> "Nimber": ...
    @property
    def value(self) -> int:
        """The integer n of `*n`."""
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __hash__(self) -> int: ...
    def __add__(self, other: _Operand) -> "Nimber": ...
    def __radd__(self, other: _Operand) -> "Nimber": ...
    def __sub__(self, other: _Operand) -> "Nimber": ...
    def __rsub__(self, other: _Operand) -> "Nimber": ...
    def __xor__(self, other: _Operand) -> "Nimber": ...
    def __rxor__(self, other: _Operand) -> "Nimber": ...
    def __neg__(self) -> "Nimber": ...
    def __mul__(self, other: _Operand) -> "Nimber": ...
    def __rmul__(self, other: _Operand) -> "Nimber": ...
    def __pow__(self, exponent: int) -> "Nimber": ...
    def inverse(self) -> "Nimber":
        """The nim-inverse; ZeroDivisionError for *0."""
        ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __lt__(self, other: _Operand) -> bool: ...
    def __le__(self, other: _Operand) -> bool: ...
    def __gt__(self, other: _Operand) -> bool: ...
    def __ge__(self, other: _Operand) -> bool: ...
