//! The presentation side: how answers look to people, which only front
//! ends need.
//!
//! Everything here reads the engine's answers and never feeds back into
//! them: no module of the engine core imports `present`, so a front end
//! that draws differently (a notebook, another web page) drops this module
//! and loses no answer. [`picture`] draws a state graph as DOT or SVG, with
//! its own layout and its own limits on how long a text is shown;
//! [`drawing`] draws positions (boards, graphs, coins, heaps) as SVG and
//! as text with coordinates; [`text`] holds the wording of answers for people.

pub mod drawing;
pub mod picture;
pub mod text;
