//! `grundy nim-sum | nim-product | nim-inverse | nim-power`: arithmetic of
//! nimbers below 2^64 (a field, GF(2^64)): the sum is XOR, the product
//! Conway's nim-multiplication, which values product games (the Tartan
//! theorem) and is a staple library task.

use clap::Args;
use grundy::nimber::{nim_inverse, nim_mul, nim_pow};
use serde::Serialize;

use crate::output::{print, print_json};

/// Two nimbers.
#[derive(Args, Debug)]
pub struct TwoArgs {
    /// The first nimber, from 0 to 2^64 - 1.
    a: String,
    /// The second operand (for `nim-power`, an ordinary exponent).
    b: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// One nimber.
#[derive(Args, Debug)]
pub struct OneArg {
    /// The nimber, from 1 to 2^64 - 1.
    a: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The operations on two numbers.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    Sum,
    Product,
    Power,
}

/// What is printed (the fields are the public `--json`).
#[derive(Serialize)]
struct Answer {
    operation: &'static str,
    operands: Vec<u64>,
    result: u64,
}

fn number(text: &str, what: &str) -> anyhow::Result<u64> {
    Ok(grundy::ruleset::parse_count(text, what, u64::MAX)?)
}

/// Runs `nim-sum`, `nim-product` or `nim-power`.
pub fn run_two(op: Op, args: &TwoArgs) -> anyhow::Result<()> {
    let a = number(&args.a, "the first nimber")?;
    let second = match op {
        Op::Power => "the exponent",
        _ => "the second nimber",
    };
    let b = number(&args.b, second)?;
    let (operation, result, symbol) = match op {
        Op::Sum => ("nim-sum", a ^ b, "+"),
        Op::Power => ("nim-power", nim_pow(a, b), "^"),
        Op::Product => ("nim-product", nim_mul(a, b), "x"),
    };
    let answer = Answer {
        operation,
        operands: vec![a, b],
        result,
    };
    match args.json {
        true => print_json(&answer),
        false => print(&format!(
            "*{a} {symbol} {}{b} = *{result}\n",
            exponent_star(op)
        )),
    }
}

/// An exponent is an ordinary number, not a nimber.
fn exponent_star(op: Op) -> &'static str {
    match op {
        Op::Power => "",
        Op::Sum | Op::Product => "*",
    }
}

/// Runs `nim-inverse`.
pub fn run_inverse(args: &OneArg) -> anyhow::Result<()> {
    let a = number(&args.a, "the nimber")?;
    let Some(result) = nim_inverse(a) else {
        anyhow::bail!("0 has no nim-inverse: give a nimber from 1 to 2^64 - 1");
    };
    let answer = Answer {
        operation: "nim-inverse",
        operands: vec![a],
        result,
    };
    match args.json {
        true => print_json(&answer),
        false => print(&format!("1 / *{a} = *{result}\n")),
    }
}
