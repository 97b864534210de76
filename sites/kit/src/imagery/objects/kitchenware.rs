//! Kitchenware in side view: a mug, a kettle and a cooking pot with its lid.

use super::super::painter::{Painter, RUBBER};
use super::super::shapes::{curve, ellipse, poly, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (170.0, 140.0);

/// Draws template 0 (mug), 1 (kettle) or 2 (cooking pot).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => {
            p.body_line(
                curve(&[(110.0, 44.0), (150.0, 50.0), (152.0, 96.0), (110.0, 110.0)]),
                12.0,
            );
            p.body(rrect(20.0, 22.0, 100.0, 116.0, 10.0));
            p.flat(ellipse(70.0, 24.0, 48.0, 6.0), p.dim(0.45), 1.0);
            p.flat(rrect(32.0, 34.0, 10.0, 90.0, 5.0), [255; 3], 0.2);
        }
        1 => {
            p.body_line(
                curve(&[(44.0, 50.0), (56.0, 10.0), (114.0, 10.0), (126.0, 50.0)]),
                9.0,
            );
            p.body(poly(&[
                (128.0, 96.0),
                (162.0, 52.0),
                (168.0, 56.0),
                (140.0, 114.0),
            ]));
            p.body(smooth(&[
                (26.0, 136.0),
                (20.0, 96.0),
                (40.0, 54.0),
                (85.0, 42.0),
                (130.0, 54.0),
                (150.0, 96.0),
                (144.0, 136.0),
            ]));
            p.tone(ellipse(85.0, 46.0, 22.0, 6.0), p.dim(0.75));
            p.tone(rrect(78.0, 34.0, 14.0, 10.0, 4.0), RUBBER);
            p.tone(rrect(26.0, 128.0, 118.0, 10.0, 4.0), p.dim(0.6));
        }
        _ => {
            p.tone(rrect(2.0, 64.0, 22.0, 10.0, 4.0), RUBBER);
            p.tone(rrect(146.0, 64.0, 22.0, 10.0, 4.0), RUBBER);
            p.body(rrect(18.0, 54.0, 134.0, 84.0, 10.0));
            p.tone(rrect(14.0, 50.0, 142.0, 10.0, 4.0), p.dim(0.8));
            p.body(ellipse(85.0, 48.0, 64.0, 16.0));
            p.tone(rrect(74.0, 24.0, 22.0, 12.0, 5.0), RUBBER);
        }
    }
}
