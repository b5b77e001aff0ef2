//! `grundy.Nimber`: the values of impartial games as numbers of their
//! own, so that sums and products in a notebook follow nim arithmetic.

use grundy::nim_mul;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

/// A nimber `*n`: `+` (and `^`) is XOR, the sum of games; `*` is nim
/// multiplication, so nimbers below 2^64 form a field. Ints mix in as
/// the nimbers they name. Immutable and hashable; numpy arrays of
/// dtype=object add and multiply them elementwise.
#[pyclass(module = "grundy", frozen)]
#[derive(Clone, Copy)]
pub struct Nimber {
    value: u64,
}

/// Python hashes a non-negative int n as n modulo 2^61 - 1.
const PY_HASH_MODULUS: u64 = (1 << 61) - 1;

/// An operand of a nimber operation: another nimber or an int.
#[derive(FromPyObject)]
enum Operand {
    Nimber(Nimber),
    Int(u64),
}

impl Operand {
    fn value(&self) -> u64 {
        match self {
            Operand::Nimber(n) => n.value,
            Operand::Int(v) => *v,
        }
    }
}

#[pymethods]
impl Nimber {
    /// `Nimber(n)` is `*n`, for n from 0 to 2^64 - 1.
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        value
            .extract::<u64>()
            .map(|value| Nimber { value })
            .map_err(|_| {
                PyValueError::new_err(format!(
                    "a nimber is an integer from 0 to 2^64 - 1, not {}",
                    value.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })
    }

    /// The integer n of `*n`.
    #[getter]
    fn value(&self) -> u64 {
        self.value
    }

    fn __int__(&self) -> u64 {
        self.value
    }

    fn __index__(&self) -> u64 {
        self.value
    }

    fn __bool__(&self) -> bool {
        self.value != 0
    }

    fn __repr__(&self) -> String {
        format!("*{}", self.value)
    }

    fn __add__(&self, other: Operand) -> Nimber {
        Nimber {
            value: self.value ^ other.value(),
        }
    }

    fn __radd__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __sub__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __rsub__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __xor__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __rxor__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __mul__(&self, other: Operand) -> Nimber {
        Nimber {
            value: nim_mul(self.value, other.value()),
        }
    }

    fn __rmul__(&self, other: Operand) -> Nimber {
        self.__mul__(other)
    }

    /// `*n ** k`: `*n` nim-multiplied by itself k times (an ordinary
    /// int k), as `grundy nim-power` does.
    fn __pow__(&self, exponent: u64, _modulo: Option<u64>) -> Nimber {
        Nimber {
            value: grundy::nimber::nim_pow(self.value, exponent),
        }
    }

    /// The nim-inverse: `x * x.inverse() == 1` (`grundy nim-inverse`);
    /// `ZeroDivisionError` for `*0`.
    fn inverse(&self) -> PyResult<Nimber> {
        grundy::nimber::nim_inverse(self.value)
            .map(|value| Nimber { value })
            .ok_or_else(|| pyo3::exceptions::PyZeroDivisionError::new_err("*0 has no nim-inverse"))
    }

    /// The hash of the int n, since `Nimber(n) == n`.
    fn __hash__(&self) -> u64 {
        self.value % PY_HASH_MODULUS
    }

    /// Compares as the ints n do (equal to the int n; ordered by n, for
    /// sorting: nimbers have no order of their own).
    fn __richcmp__(&self, other: Operand, op: CompareOp) -> bool {
        op.matches(self.value.cmp(&other.value()))
    }

    fn __getnewargs__(&self) -> (u64,) {
        (self.value,)
    }
}
