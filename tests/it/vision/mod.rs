//! Photo import: the samples read right, bad photos are refused with the
//! right words, the model matches its training, and the accuracy floor on
//! the newspaper photos of `../shared/photos` (skipped with a notice when absent).

mod cnn;
mod curved;
mod dataset;
mod faint;
mod import;
mod memory;
mod model;
mod nogrid;
mod orientation;
mod samurai;
mod screens;
mod shapes;
mod sizes;
