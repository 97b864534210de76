//! Tables seen slightly from above: dining table, round pedestal table, coffee table.

use super::super::painter::{Painter, shade};
use super::super::shapes::{ellipse, poly, rounded, rrect};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 120.0);

/// Draws template 0 (dining), 1 (round pedestal) or 2 (coffee table).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    let under = shade(p.primary(), 0.7);
    match template {
        0 => {
            // Back legs first, then apron, top and front legs.
            for x in [30.0, 182.0] {
                p.tone(rrect(x, 40.0, 8.0, 66.0, 1.5), under);
            }
            p.body(poly(&[
                (16.0, 14.0),
                (204.0, 14.0),
                (220.0, 32.0),
                (0.0, 32.0),
            ]));
            p.tone(rrect(0.0, 32.0, 220.0, 8.0, 1.5), shade(p.primary(), 0.8));
            p.tone(rrect(12.0, 40.0, 196.0, 10.0, 1.0), under);
            for x in [6.0, 202.0] {
                p.body(rounded(
                    &[
                        (x, 40.0),
                        (x + 12.0, 40.0),
                        (x + 10.0, 120.0),
                        (x + 2.0, 120.0),
                    ],
                    1.0,
                ));
            }
        }
        1 => {
            p.body(ellipse(110.0, 113.0, 46.0, 7.0));
            p.body(rounded(
                &[(100.0, 40.0), (120.0, 40.0), (116.0, 110.0), (104.0, 110.0)],
                2.0,
            ));
            p.tone(ellipse(110.0, 30.0, 96.0, 20.0), shade(p.primary(), 0.75));
            p.body(ellipse(110.0, 25.0, 96.0, 20.0));
        }
        _ => {
            for x in [22.0, 190.0] {
                p.tone(rrect(x, 84.0, 8.0, 28.0, 1.0), under);
            }
            p.body(poly(&[
                (14.0, 56.0),
                (206.0, 56.0),
                (220.0, 72.0),
                (0.0, 72.0),
            ]));
            p.tone(rrect(0.0, 72.0, 220.0, 9.0, 2.0), shade(p.primary(), 0.8));
            p.body(rrect(10.0, 100.0, 200.0, 6.0, 1.0));
            for x in [6.0, 202.0] {
                p.body(rrect(x, 80.0, 12.0, 40.0, 1.5));
            }
        }
    }
}
