//! Headphones seen from the front, band on top: over-ear, a headset with a boom
//! microphone, and light on-ear headphones.

use super::super::painter::{Painter, RUBBER, shade};
use super::super::shapes::{circle, curve, line, rrect};
use crate::model::HeadphonesModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (160.0, 150.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: HeadphonesModel) {
    match model {
        HeadphonesModel::OverEarHeadphones => {
            band(p, 14.0);
            for x in [10.0, 112.0] {
                p.tone(rrect(x + 8.0, 58.0, 22.0, 84.0, 10.0), RUBBER);
                p.body(rrect(x, 62.0, 38.0, 80.0, 17.0));
                p.flat(rrect(x + 12.0, 80.0, 14.0, 44.0, 6.0), [255; 3], 0.2);
            }
        }
        HeadphonesModel::HeadsetWithMicrophone => {
            band(p, 11.0);
            p.line(
                curve(&[(26.0, 120.0), (40.0, 140.0), (70.0, 143.0)]),
                RUBBER,
                4.0,
            );
            p.tone(circle(72.0, 142.0, 5.0), RUBBER);
            for cx in [29.0, 131.0] {
                p.tone(circle(cx, 104.0, 31.0), RUBBER);
                p.body(circle(cx, 104.0, 26.0));
                p.flat(circle(cx, 104.0, 10.0), shade(p.dim(0.7), 1.0), 1.0);
            }
        }
        _ => {
            p.body_line(
                curve(&[
                    (28.0, 84.0),
                    (26.0, 40.0),
                    (80.0, 8.0),
                    (134.0, 40.0),
                    (132.0, 84.0),
                ]),
                7.0,
            );
            for (x, cx) in [(24.0, 28.0), (128.0, 132.0)] {
                p.chrome(rrect(x, 62.0, 8.0, 30.0, 3.0));
                p.line(line(cx, 92.0, cx, 98.0), RUBBER, 4.0);
                p.body(circle(cx, 116.0, 24.0));
                p.flat(circle(cx, 116.0, 15.0), [255; 3], 0.25);
                p.seam(circle(cx, 116.0, 20.0), p.dim(0.5), 0.8, 1.5);
            }
        }
    }
}

/// The padded headband over both cups.
fn band(p: &mut Painter<'_>, width: f32) {
    p.body_line(
        curve(&[
            (28.0, 78.0),
            (26.0, 36.0),
            (80.0, 9.0),
            (134.0, 36.0),
            (132.0, 78.0),
        ]),
        width,
    );
    p.seam(
        curve(&[(42.0, 30.0), (80.0, 13.0), (118.0, 30.0)]),
        RUBBER,
        0.5,
        width * 0.4,
    );
}
