//! Tools lying on their side: a claw hammer, a cordless drill and a screwdriver.

use super::super::painter::{Painter, RUBBER};
use super::super::shapes::{line, poly, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (190.0, 120.0);

/// Draws template 0 (hammer), 1 (power drill) or 2 (screwdriver).
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => {
            p.body(rrect(34.0, 50.0, 152.0, 30.0, 12.0));
            for i in 0..5 {
                let x = 128.0 + i as f32 * 11.0;
                p.seam(line(x, 52.0, x, 78.0), RUBBER, 0.5, 2.0);
            }
            p.chrome(smooth(&[
                (18.0, 20.0),
                (44.0, 20.0),
                (46.0, 60.0),
                (42.0, 100.0),
                (32.0, 106.0),
                (30.0, 64.0),
                (22.0, 40.0),
            ]));
            p.chrome(rrect(4.0, 14.0, 26.0, 20.0, 4.0));
        }
        1 => {
            p.line(line(4.0, 40.0, 30.0, 40.0), [150, 152, 158], 5.0);
            p.chrome(poly(&[
                (26.0, 30.0),
                (50.0, 24.0),
                (50.0, 56.0),
                (26.0, 50.0),
            ]));
            p.body(rrect(46.0, 14.0, 130.0, 52.0, 20.0));
            p.body(poly(&[
                (104.0, 60.0),
                (140.0, 60.0),
                (132.0, 104.0),
                (98.0, 104.0),
            ]));
            p.tone(rrect(118.0, 24.0, 40.0, 8.0, 3.0), RUBBER);
            p.tone(rrect(94.0, 60.0, 8.0, 16.0, 3.0), RUBBER);
            p.tone(rrect(82.0, 100.0, 74.0, 18.0, 4.0), RUBBER);
        }
        _ => {
            p.line(line(70.0, 60.0, 182.0, 60.0), [170, 174, 182], 7.0);
            p.tone(
                poly(&[(176.0, 56.0), (188.0, 58.0), (188.0, 62.0), (176.0, 64.0)]),
                [130, 134, 140],
            );
            p.body(rrect(6.0, 40.0, 80.0, 40.0, 16.0));
            p.tone(rrect(80.0, 48.0, 14.0, 24.0, 5.0), p.dim(0.75));
            for y in [50.0, 60.0, 70.0] {
                p.seam(line(14.0, y, 78.0, y), p.dim(0.55), 0.8, 2.0);
            }
        }
    }
}
