//! Pairs of shoes in side view, toes to the right: sneakers, boots, high heels.

use super::super::painter::{IVORY, Painter, RUBBER, shade};
use super::super::shapes::{curve, line, rounded, rrect, smooth};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 110.0);

/// Draws template 0 (sneakers), 1 (boots) or 2 (high heels) as a pair: the far
/// shoe set back and up, the near shoe in front.
pub(super) fn draw(p: &mut Painter<'_>, template: u8) {
    p.translate(36.0, -10.0);
    shoe(p, template);
    p.translate(-36.0, 10.0);
    shoe(p, template);
}

/// One shoe in a 184×110 box.
fn shoe(p: &mut Painter<'_>, template: u8) {
    match template {
        0 => {
            p.body(smooth(&[
                (6.0, 96.0),
                (8.0, 66.0),
                (30.0, 54.0),
                (60.0, 58.0),
                (96.0, 66.0),
                (150.0, 76.0),
                (178.0, 86.0),
                (180.0, 98.0),
            ]));
            p.tone(
                rounded(
                    &[(2.0, 94.0), (182.0, 94.0), (180.0, 108.0), (6.0, 108.0)],
                    6.0,
                ),
                IVORY,
            );
            p.seam(line(6.0, 101.0, 180.0, 101.0), [0; 3], 0.15, 1.0);
            p.tone(
                smooth(&[
                    (120.0, 74.0),
                    (156.0, 80.0),
                    (178.0, 90.0),
                    (170.0, 95.0),
                    (126.0, 92.0),
                ]),
                shade(p.primary(), 0.9),
            );
            p.line(
                curve(&[(40.0, 88.0), (80.0, 80.0), (120.0, 70.0)]),
                p.secondary(),
                5.0,
            );
            for i in 0..5 {
                let x = 62.0 + i as f32 * 12.0;
                p.line(
                    line(x, 58.0 + i as f32 * 2.0, x + 8.0, 64.0 + i as f32 * 2.0),
                    IVORY,
                    2.5,
                );
            }
            p.tone(
                rounded(&[(6.0, 66.0), (16.0, 58.0), (18.0, 80.0), (8.0, 84.0)], 3.0),
                shade(p.primary(), 0.8),
            );
        }
        1 => {
            p.body(smooth(&[
                (14.0, 98.0),
                (12.0, 40.0),
                (14.0, 6.0),
                (62.0, 4.0),
                (66.0, 50.0),
                (110.0, 62.0),
                (160.0, 72.0),
                (178.0, 90.0),
                (170.0, 98.0),
            ]));
            p.tone(
                rounded(
                    &[(8.0, 94.0), (180.0, 94.0), (178.0, 108.0), (10.0, 108.0)],
                    4.0,
                ),
                RUBBER,
            );
            for i in 0..7 {
                let x = 16.0 + i as f32 * 24.0;
                p.flat(rrect(x, 104.0, 10.0, 5.0, 1.0), [20, 20, 20], 1.0);
            }
            for i in 0..5 {
                let y = 18.0 + i as f32 * 10.0;
                p.line(
                    line(54.0 + i as f32 * 2.0, y, 66.0 + i as f32 * 4.0, y + 6.0),
                    IVORY,
                    2.0,
                );
            }
            p.seam(
                curve(&[(12.0, 80.0), (80.0, 78.0), (176.0, 90.0)]),
                shade(p.primary(), 0.55),
                0.7,
                1.2,
            );
            p.tone(rrect(10.0, 2.0, 10.0, 16.0, 3.0), shade(p.primary(), 0.7));
        }
        _ => {
            p.body(rounded(
                &[(14.0, 50.0), (24.0, 50.0), (30.0, 104.0), (22.0, 104.0)],
                2.0,
            ));
            p.body(smooth(&[
                (14.0, 40.0),
                (26.0, 36.0),
                (40.0, 54.0),
                (90.0, 74.0),
                (150.0, 86.0),
                (178.0, 96.0),
                (174.0, 104.0),
                (120.0, 102.0),
                (70.0, 84.0),
                (20.0, 62.0),
            ]));
            p.flat(
                smooth(&[
                    (26.0, 42.0),
                    (60.0, 64.0),
                    (110.0, 80.0),
                    (70.0, 70.0),
                    (32.0, 52.0),
                ]),
                shade(p.primary(), 0.45),
                0.9,
            );
            p.line(
                curve(&[(20.0, 62.0), (70.0, 86.0), (120.0, 103.0), (176.0, 104.0)]),
                RUBBER,
                2.0,
            );
            p.tone(rrect(20.0, 102.0, 12.0, 6.0, 1.0), RUBBER);
        }
    }
}
