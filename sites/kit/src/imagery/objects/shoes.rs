//! Pairs of shoes in side view, toes to the right: sneakers, boots, high heels.

use super::super::painter::{IVORY, Painter, RUBBER};
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
                (8.0, 94.0),
                (4.0, 66.0),
                (10.0, 48.0),
                (30.0, 52.0),
                (48.0, 56.0),
                (64.0, 40.0),
                (80.0, 44.0),
                (112.0, 62.0),
                (150.0, 72.0),
                (176.0, 82.0),
                (182.0, 94.0),
                (120.0, 95.0),
                (60.0, 95.0),
            ]));
            p.flat(
                smooth(&[
                    (14.0, 52.0),
                    (30.0, 54.0),
                    (46.0, 58.0),
                    (30.0, 60.0),
                    (16.0, 58.0),
                ]),
                [30, 30, 32],
                0.9,
            );
            p.tone(
                rounded(
                    &[
                        (2.0, 90.0),
                        (150.0, 90.0),
                        (178.0, 86.0),
                        (186.0, 94.0),
                        (182.0, 106.0),
                        (6.0, 106.0),
                    ],
                    6.0,
                ),
                IVORY,
            );
            p.seam(line(6.0, 98.0, 182.0, 98.0), [0; 3], 0.2, 1.0);
            p.tone(
                smooth(&[
                    (130.0, 72.0),
                    (160.0, 76.0),
                    (180.0, 86.0),
                    (176.0, 92.0),
                    (136.0, 90.0),
                ]),
                p.dim(0.88),
            );
            p.line(
                curve(&[(30.0, 84.0), (70.0, 80.0), (104.0, 70.0), (124.0, 62.0)]),
                p.secondary(),
                5.0,
            );
            for i in 0..5 {
                let x = 70.0 + i as f32 * 10.0;
                let y = 46.0 + i as f32 * 5.0;
                p.line(line(x, y, x + 9.0, y - 3.0), IVORY, 2.5);
            }
            p.tone(
                rounded(&[(4.0, 60.0), (14.0, 50.0), (18.0, 80.0), (6.0, 86.0)], 3.0),
                p.secondary(),
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
                p.dim(0.55),
                0.7,
                1.2,
            );
            p.tone(rrect(10.0, 2.0, 10.0, 16.0, 3.0), p.dim(0.7));
        }
        _ => {
            // Stiletto heel under the raised heel seat.
            p.body(rounded(
                &[(8.0, 58.0), (28.0, 62.0), (22.0, 108.0), (17.0, 108.0)],
                2.0,
            ));
            p.tone(rrect(15.0, 104.0, 9.0, 5.0, 1.0), RUBBER);
            p.body(smooth(&[
                (8.0, 36.0),
                (22.0, 42.0),
                (56.0, 58.0),
                (96.0, 66.0),
                (140.0, 76.0),
                (172.0, 86.0),
                (186.0, 100.0),
                (172.0, 108.0),
                (126.0, 104.0),
                (84.0, 90.0),
                (44.0, 72.0),
                (12.0, 62.0),
            ]));
            // The inside of the shoe seen over the top line.
            p.flat(
                smooth(&[
                    (14.0, 40.0),
                    (40.0, 52.0),
                    (80.0, 64.0),
                    (104.0, 70.0),
                    (78.0, 70.0),
                    (38.0, 60.0),
                    (14.0, 50.0),
                ]),
                [214, 196, 172],
                1.0,
            );
            p.line(
                curve(&[
                    (12.0, 62.0),
                    (44.0, 73.0),
                    (84.0, 91.0),
                    (126.0, 105.0),
                    (172.0, 108.0),
                ]),
                RUBBER,
                2.0,
            );
        }
    }
}
