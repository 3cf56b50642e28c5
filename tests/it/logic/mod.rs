//! The rule engine: each harder technique where it is the easiest step,
//! HoDoKu's regression library, the soundness of every step, and the
//! technique guide's examples and plain words.

mod explain;
mod guide;
mod inner;
mod reglib;
mod share;
mod soundness;
mod techniques;
