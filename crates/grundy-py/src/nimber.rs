//! `grundy.Nimber`: the values of impartial games as numbers of their
//! own, so that sums and products in a notebook follow nim arithmetic.

use grundy::nim_mul;
use std::cmp::Ordering;

use grundy::game::parse_count;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

use crate::run::value_error;

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

/// An operand of a nimber operation: another nimber or an int. Anything
/// else fails to convert, so that the operation answers `NotImplemented`
/// and Python tries the other operand's.
#[derive(FromPyObject)]
enum Operand {
    Nimber(Nimber),
    Int(Int),
}

/// An int operand (or exponent): from 0 to 2^64 - 1, or out of that range
/// and refused in words, not as an operand of an unsupported type.
enum Int {
    InRange(u64),
    /// The int's digits.
    OutOfRange(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(match crate::numbers::int_or_text(&ob)? {
            Ok(v) => Int::InRange(v),
            Err(digits) => Int::OutOfRange(digits),
        })
    }
}

impl Operand {
    /// The nimber the operand is; `ValueError` for an int that is none.
    fn value(&self) -> PyResult<u64> {
        match self {
            Operand::Nimber(n) => Ok(n.value),
            Operand::Int(Int::InRange(v)) => Ok(*v),
            Operand::Int(Int::OutOfRange(digits)) => Err(not_a_nimber(digits)),
        }
    }
}

/// The refusal of a value that is no nimber, `shown` as Python shows it.
fn not_a_nimber(shown: &str) -> PyErr {
    PyValueError::new_err(format!(
        "a nimber is an integer from 0 to 2^64 - 1, not {shown}"
    ))
}

#[pymethods]
impl Nimber {
    /// `Nimber(n)` is `*n`, for n from 0 to 2^64 - 1.
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        value
            .extract::<u64>()
            .map(|value| Nimber { value })
            .map_err(|_| not_a_nimber(&value.repr().map(|r| r.to_string()).unwrap_or_default()))
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

    fn __add__(&self, other: Operand) -> PyResult<Nimber> {
        Ok(Nimber {
            value: self.value ^ other.value()?,
        })
    }

    fn __radd__(&self, other: Operand) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __sub__(&self, other: Operand) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __rsub__(&self, other: Operand) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __xor__(&self, other: Operand) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __rxor__(&self, other: Operand) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __mul__(&self, other: Operand) -> PyResult<Nimber> {
        Ok(Nimber {
            value: nim_mul(self.value, other.value()?),
        })
    }

    fn __rmul__(&self, other: Operand) -> PyResult<Nimber> {
        self.__mul__(other)
    }

    /// `*n ** k`: `*n` nim-multiplied by itself k times (an ordinary
    /// int k from 0 to 2^64 - 1), as `grundy nim-power` does. A modulus
    /// (`pow(x, k, m)`) is refused: nimbers form a field, with no
    /// remainder to take.
    fn __pow__(&self, exponent: Int, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<Nimber> {
        if modulo.is_some() {
            return Err(PyTypeError::new_err(
                "pow() of a nimber takes no modulus: nimbers form a field, with no remainder to take",
            ));
        }
        let k = match exponent {
            Int::InRange(k) => k,
            Int::OutOfRange(digits) => {
                parse_count(&digits, "the exponent", u64::MAX).map_err(|e| value_error(&e))?
            }
        };
        Ok(Nimber {
            value: grundy::nimber::nim_pow(self.value, k),
        })
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
    /// sorting: nimbers have no order of their own), with any int.
    fn __richcmp__(&self, other: Operand, op: CompareOp) -> bool {
        let order = match other {
            Operand::Nimber(n) => self.value.cmp(&n.value),
            Operand::Int(Int::InRange(v)) => self.value.cmp(&v),
            Operand::Int(Int::OutOfRange(digits)) => match digits.starts_with('-') {
                true => Ordering::Greater,
                false => Ordering::Less,
            },
        };
        op.matches(order)
    }

    fn __getnewargs__(&self) -> (u64,) {
        (self.value,)
    }
}
