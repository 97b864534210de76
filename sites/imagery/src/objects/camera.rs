//! Cameras seen from the front: a DSLR with a big lens, a compact, an instant camera and an
//! action camera in its mount.

use super::super::painter::{Painter, RUBBER};
use super::super::shapes::{circle, poly, rrect};
use crate::model::CameraModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (180.0, 130.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: CameraModel) {
    match model {
        CameraModel::ActionCamera => {
            // A small box camera on a mounting buckle, a front screen beside the lens.
            p.tone(rrect(66.0, 112.0, 48.0, 16.0, 3.0), RUBBER);
            p.tone(rrect(84.0, 100.0, 12.0, 14.0, 2.0), RUBBER);
            p.body(rrect(36.0, 22.0, 108.0, 82.0, 10.0));
            p.tone(rrect(36.0, 22.0, 108.0, 12.0, 6.0), p.dim(0.75));
            lens(p, 110.0, 66.0, 24.0);
            p.glass(rrect(48.0, 48.0, 34.0, 34.0, 3.0));
            p.flat(rrect(50.0, 50.0, 30.0, 10.0, 1.0), [120, 170, 220], 0.5);
            p.tone(rrect(50.0, 14.0, 22.0, 8.0, 2.0), p.secondary());
            p.flat(circle(130.0, 30.0, 2.5), [220, 40, 40], 1.0);
        }
        CameraModel::DslrCamera => {
            p.body(poly(&[
                (58.0, 30.0),
                (70.0, 8.0),
                (112.0, 8.0),
                (124.0, 30.0),
            ]));
            p.body(rrect(6.0, 28.0, 168.0, 98.0, 10.0));
            p.tone(rrect(6.0, 34.0, 30.0, 88.0, 10.0), p.dim(0.7));
            p.glass(rrect(82.0, 14.0, 18.0, 10.0, 2.0));
            lens(p, 100.0, 80.0, 36.0);
            p.tone(rrect(20.0, 20.0, 18.0, 8.0, 2.0), RUBBER);
        }
        CameraModel::CompactCamera => {
            p.body(rrect(8.0, 36.0, 164.0, 86.0, 14.0));
            p.tone(rrect(120.0, 28.0, 26.0, 8.0, 3.0), p.dim(0.7));
            lens(p, 98.0, 80.0, 26.0);
            p.flat(rrect(20.0, 46.0, 26.0, 14.0, 2.0), [250, 246, 220], 1.0);
            p.glass(rrect(142.0, 46.0, 18.0, 12.0, 2.0));
        }
        _ => {
            p.body(rrect(20.0, 8.0, 140.0, 118.0, 20.0));
            p.tone(rrect(20.0, 92.0, 140.0, 34.0, 16.0), p.secondary());
            lens(p, 90.0, 60.0, 28.0);
            p.glass(rrect(34.0, 20.0, 24.0, 20.0, 4.0));
            p.flat(rrect(120.0, 20.0, 26.0, 16.0, 3.0), [250, 246, 220], 1.0);
            p.tone(rrect(40.0, 106.0, 100.0, 5.0, 2.0), RUBBER);
        }
    }
}

/// A lens seen head on: metal ring, black barrel, glass.
fn lens(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    p.chrome(circle(cx, cy, r));
    p.tone(circle(cx, cy, r * 0.86), RUBBER);
    p.glass(circle(cx, cy, r * 0.58));
    p.flat(circle(cx - r * 0.2, cy - r * 0.22, r * 0.12), [255; 3], 0.7);
}
