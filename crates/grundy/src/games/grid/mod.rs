//! Board geometry shared by the board families (Cram, Node Kayles grids,
//! Chomp): regions as bit-boards with their symmetries and parts
//! ([`shape`]), the mirror strategy on them ([`mirror`]), whether a
//! region stays whole without a domino
//! ([`window`]), boards as text ([`text`]) and board files ([`files`]),
//! and the listing's work built for the processor's bit-counting
//! instructions ([`bit_ops`]). The search that values them is
//! [`crate::solve::split`].

pub mod bit_ops;
pub mod files;
pub mod mirror;
pub mod shape;
pub mod text;
pub mod window;
