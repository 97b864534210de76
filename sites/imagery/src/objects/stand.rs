//! Stands: a music stand with its tilted desk, an X-frame keyboard stand and a microphone
//! stand with a boom.

use super::super::painter::{METAL, Painter, RUBBER};
use super::super::shapes::{line, rounded, rrect};
use crate::model::StandModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (170.0, 220.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: StandModel) {
    match model {
        StandModel::MusicStand => {
            for (x, y) in [(30.0, 218.0), (140.0, 218.0), (85.0, 212.0)] {
                p.body_line(line(85.0, 160.0, x, y), 5.0);
            }
            p.body_line(line(85.0, 100.0, 85.0, 162.0), 6.0);
            p.chrome(rrect(81.0, 96.0, 8.0, 10.0, 2.0));
            // The desk, tilted back, with its ledge and a sheet of music on it.
            p.body(rounded(
                &[(10.0, 10.0), (160.0, 10.0), (166.0, 100.0), (4.0, 100.0)],
                4.0,
            ));
            p.tone(rrect(0.0, 96.0, 170.0, 10.0, 3.0), p.dim(0.7));
            p.tone(rrect(46.0, 22.0, 78.0, 72.0, 1.0), [246, 244, 236]);
            for i in 0..5 {
                let y = 32.0 + i as f32 * 12.0;
                for k in 0..5 {
                    p.line(
                        line(52.0, y + k as f32 * 1.8, 118.0, y + k as f32 * 1.8),
                        [60, 60, 64],
                        0.5,
                    );
                }
            }
        }
        StandModel::KeyboardStand => {
            // Two crossed frames with arms holding a keyboard.
            p.body_line(line(20.0, 218.0, 150.0, 110.0), 9.0);
            p.body_line(line(150.0, 218.0, 20.0, 110.0), 9.0);
            p.chrome(rrect(78.0, 158.0, 14.0, 14.0, 4.0));
            for x in [10.0, 130.0] {
                p.body(rrect(x, 214.0, 30.0, 6.0, 3.0));
            }
            p.body(rrect(4.0, 104.0, 162.0, 8.0, 3.0));
            p.tone(rrect(0.0, 74.0, 170.0, 30.0, 4.0), [40, 40, 44]);
            for i in 0..24 {
                let x = 6.0 + i as f32 * 6.6;
                p.tone(rrect(x, 84.0, 5.6, 16.0, 1.0), [240, 240, 236]);
            }
        }
        _ => {
            // A heavy round base, the pole, and a boom with a counterweight and the
            // microphone in its clip.
            p.body(super::super::shapes::ellipse(85.0, 210.0, 62.0, 10.0));
            p.tone(
                super::super::shapes::ellipse(85.0, 214.0, 62.0, 6.0),
                p.dim(0.7),
            );
            p.body_line(line(85.0, 60.0, 85.0, 206.0), 8.0);
            p.chrome(rrect(79.0, 120.0, 12.0, 12.0, 2.0));
            p.body_line(line(28.0, 92.0, 160.0, 20.0), 7.0);
            p.chrome(rrect(79.0, 54.0, 14.0, 14.0, 3.0));
            p.line(line(160.0, 20.0, 164.0, 28.0), METAL, 4.0);
            p.tone(
                rounded(
                    &[(150.0, 26.0), (166.0, 24.0), (170.0, 62.0), (160.0, 64.0)],
                    6.0,
                ),
                RUBBER,
            );
            p.body(rrect(8.0, 84.0, 34.0, 22.0, 6.0));
        }
    }
}
