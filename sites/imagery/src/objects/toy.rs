//! Toys front on: a teddy bear, a pyramid of stacking blocks, a toy robot and a ring
//! stacker.

use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{circle, ellipse, line, rrect};
use crate::model::ToyModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (160.0, 160.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: ToyModel) {
    match model {
        ToyModel::RingStacker => {
            // Rings of shrinking size on a post over a rocking base, a ball on top.
            p.body(rrect(20.0, 144.0, 120.0, 16.0, 8.0));
            p.tone(rrect(74.0, 30.0, 12.0, 116.0, 5.0), IVORY);
            for (i, (w, h)) in [(112.0, 24.0), (94.0, 22.0), (76.0, 20.0), (58.0, 18.0)]
                .into_iter()
                .enumerate()
            {
                let y = 122.0 - i as f32 * 24.0;
                let colour = if i % 2 == 0 {
                    None
                } else {
                    Some(p.secondary())
                };
                let ring = rrect(80.0 - w / 2.0, y, w, h, h / 2.0);
                match colour {
                    Some(c) => p.tone(ring, c),
                    None => p.body(ring),
                }
            }
            p.body(circle(80.0, 34.0, 16.0));
        }
        ToyModel::TeddyBear => {
            for cx in [50.0, 110.0] {
                p.body(circle(cx, 16.0, 13.0));
                p.flat(circle(cx, 16.0, 7.0), p.dim(0.7), 1.0);
            }
            p.body(ellipse(34.0, 98.0, 14.0, 26.0));
            p.body(ellipse(126.0, 98.0, 14.0, 26.0));
            p.body(ellipse(80.0, 110.0, 42.0, 44.0));
            p.body(ellipse(52.0, 148.0, 20.0, 11.0));
            p.body(ellipse(108.0, 148.0, 20.0, 11.0));
            p.body(circle(80.0, 44.0, 36.0));
            p.tone(ellipse(80.0, 58.0, 15.0, 11.0), IVORY);
            p.flat(ellipse(80.0, 52.0, 6.0, 4.0), RUBBER, 1.0);
            for cx in [66.0, 94.0] {
                p.flat(circle(cx, 38.0, 4.5), RUBBER, 1.0);
            }
            p.flat(ellipse(80.0, 116.0, 22.0, 26.0), [255; 3], 0.18);
        }
        ToyModel::StackingBlocks => {
            let side = 46.0;
            for (row, count) in [(0.0f32, 3), (1.0, 2), (2.0, 1)] {
                for i in 0..count {
                    let x = 10.0 + row * side / 2.0 + i as f32 * (side + 1.0);
                    let y = 160.0 - (row + 1.0) * (side + 1.0);
                    p.body(rrect(x, y, side, side, 4.0));
                    p.seam(
                        rrect(x + 8.0, y + 8.0, side - 16.0, side - 16.0, 3.0),
                        p.secondary(),
                        1.0,
                        3.0,
                    );
                }
            }
        }
        _ => {
            p.line(line(80.0, 6.0, 80.0, 22.0), RUBBER, 3.0);
            p.tone(circle(80.0, 6.0, 5.0), p.secondary());
            p.body(rrect(50.0, 20.0, 60.0, 42.0, 8.0));
            for cx in [68.0, 92.0] {
                p.tone(circle(cx, 38.0, 7.0), IVORY);
                p.flat(circle(cx, 38.0, 3.0), RUBBER, 1.0);
            }
            p.body(rrect(20.0, 70.0, 24.0, 54.0, 8.0));
            p.body(rrect(116.0, 70.0, 24.0, 54.0, 8.0));
            p.body(rrect(40.0, 64.0, 80.0, 66.0, 8.0));
            p.tone(rrect(60.0, 80.0, 40.0, 26.0, 4.0), p.dim(0.7));
            p.flat(circle(72.0, 93.0, 4.0), p.secondary(), 1.0);
            p.flat(circle(88.0, 93.0, 4.0), p.secondary(), 1.0);
            p.body(rrect(48.0, 128.0, 24.0, 30.0, 4.0));
            p.body(rrect(88.0, 128.0, 24.0, 30.0, 4.0));
        }
    }
}
