//! Kitchenware in side view: a mug, a kettle, a cooking pot with its lid, a travel mug and a
//! saucepan.

use super::super::painter::{Painter, RUBBER};
use super::super::shapes::{circle, curve, ellipse, poly, rounded, rrect, smooth};
use crate::model::KitchenwareModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (170.0, 140.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: KitchenwareModel) {
    match model {
        KitchenwareModel::TravelMug => {
            // A tall tapered tumbler with a sip lid and a grip band.
            p.tone(rrect(52.0, 2.0, 66.0, 12.0, 5.0), RUBBER);
            p.tone(rrect(62.0, 0.0, 18.0, 5.0, 2.0), RUBBER);
            p.chrome(rrect(50.0, 12.0, 70.0, 10.0, 3.0));
            p.body(poly(&[
                (50.0, 22.0),
                (120.0, 22.0),
                (112.0, 138.0),
                (58.0, 138.0),
            ]));
            p.tone(
                poly(&[(53.0, 64.0), (117.0, 64.0), (115.0, 92.0), (55.0, 92.0)]),
                p.secondary(),
            );
            p.flat(rrect(60.0, 28.0, 8.0, 100.0, 4.0), [255; 3], 0.2);
        }
        KitchenwareModel::Saucepan => {
            // A pan with a long handle sticking out to the right, a glass lid.
            p.body(rounded(
                &[(104.0, 70.0), (170.0, 56.0), (170.0, 66.0), (106.0, 82.0)],
                4.0,
            ));
            p.tone(circle(160.0, 61.0, 3.0), [60, 60, 64]);
            p.body(rrect(4.0, 66.0, 108.0, 72.0, 10.0));
            p.tone(rrect(0.0, 62.0, 116.0, 9.0, 4.0), p.dim(0.8));
            p.glass(ellipse(58.0, 58.0, 56.0, 10.0));
            p.chrome(ellipse(58.0, 58.0, 56.0, 3.0));
            p.tone(rrect(48.0, 40.0, 20.0, 10.0, 4.0), RUBBER);
        }
        KitchenwareModel::Mug => {
            p.body_line(
                curve(&[(110.0, 44.0), (150.0, 50.0), (152.0, 96.0), (110.0, 110.0)]),
                12.0,
            );
            p.body(rrect(20.0, 22.0, 100.0, 116.0, 10.0));
            p.flat(ellipse(70.0, 24.0, 48.0, 6.0), p.dim(0.45), 1.0);
            p.flat(rrect(32.0, 34.0, 10.0, 90.0, 5.0), [255; 3], 0.2);
        }
        KitchenwareModel::Kettle => {
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
