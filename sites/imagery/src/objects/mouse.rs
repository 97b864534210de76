//! Computer mice seen from above at a steep angle: a corded mouse, a gaming mouse with side
//! buttons and a lit stripe, and a vertical mouse from the side.

use super::super::painter::{Painter, RUBBER};
use super::super::shapes::{curve, ellipse, line, rrect, smooth};
use crate::model::MouseModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (160.0, 100.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: MouseModel) {
    match model {
        MouseModel::ComputerMouse => {
            // The cable leaves the front, between the buttons.
            p.line(
                curve(&[(132.0, 44.0), (148.0, 40.0), (152.0, 70.0), (158.0, 96.0)]),
                RUBBER,
                3.0,
            );
            top_down(
                p,
                &[
                    (8.0, 50.0),
                    (24.0, 22.0),
                    (70.0, 12.0),
                    (116.0, 18.0),
                    (136.0, 44.0),
                    (118.0, 72.0),
                    (70.0, 80.0),
                    (22.0, 76.0),
                ],
            );
            buttons(p, 96.0, 44.0);
        }
        MouseModel::GamingMouse => {
            top_down(
                p,
                &[
                    (6.0, 52.0),
                    (20.0, 18.0),
                    (60.0, 10.0),
                    (100.0, 8.0),
                    (146.0, 28.0),
                    (150.0, 54.0),
                    (112.0, 80.0),
                    (60.0, 84.0),
                    (18.0, 80.0),
                ],
            );
            buttons(p, 108.0, 44.0);
            for x in [52.0, 72.0] {
                p.tone(rrect(x, 72.0, 16.0, 7.0, 3.0), RUBBER);
            }
            p.glow(36.0, 46.0, 20.0, p.secondary(), 0.45);
            p.tone(
                smooth(&[
                    (26.0, 40.0),
                    (40.0, 34.0),
                    (48.0, 46.0),
                    (38.0, 56.0),
                    (26.0, 52.0),
                ]),
                p.secondary(),
            );
        }
        _ => {
            // A tall handshake-shaped body seen from the side, buttons down the near face.
            p.tone(ellipse(80.0, 92.0, 64.0, 8.0), p.dim(0.6));
            p.body(smooth(&[
                (20.0, 94.0),
                (14.0, 66.0),
                (40.0, 18.0),
                (90.0, 4.0),
                (130.0, 26.0),
                (148.0, 72.0),
                (140.0, 96.0),
            ]));
            p.tone(
                smooth(&[
                    (96.0, 8.0),
                    (128.0, 30.0),
                    (140.0, 66.0),
                    (120.0, 56.0),
                    (100.0, 28.0),
                ]),
                p.dim(1.12),
            );
            p.line(
                curve(&[(98.0, 10.0), (116.0, 30.0), (126.0, 60.0)]),
                p.dim(0.45),
                2.0,
            );
            p.tone(rrect(112.0, 30.0, 9.0, 14.0, 4.0), RUBBER);
            for y in [60.0, 74.0] {
                p.tone(rrect(40.0, y, 22.0, 8.0, 3.0), p.secondary());
            }
        }
    }
}

/// A mouse seen from above: a shaded side band under the outline, then the shell.
fn top_down(p: &mut Painter<'_>, outline: &[(f32, f32)]) {
    let side: Vec<(f32, f32)> = outline.iter().map(|&(x, y)| (x, y + 8.0)).collect();
    p.tone(smooth(&side), p.dim(0.6));
    p.body(smooth(outline));
    p.flat(ellipse(46.0, 36.0, 22.0, 10.0), [255; 3], 0.2);
}

/// The two buttons split by a groove from the front edge back to `x`, and the wheel.
fn buttons(p: &mut Painter<'_>, x: f32, y: f32) {
    p.line(line(x, y, 140.0, y), p.dim(0.4), 2.0);
    p.seam(
        curve(&[(x, 16.0), (x - 6.0, y), (x, 76.0)]),
        p.dim(0.45),
        0.9,
        2.0,
    );
    p.tone(rrect(x + 6.0, y - 4.0, 18.0, 8.0, 4.0), RUBBER);
    p.line(line(x + 9.0, y, x + 21.0, y), [110, 110, 116], 1.5);
}
