//! Television sets and displays: flat panel on a stand, retro box with knobs, retro TV on
//! legs, a display on a rolling stand, a portrait signage totem and a TV with a camera bar.

use super::super::painter::{METAL, Painter, WOOD};
use crate::model::TelevisionModel;

/// The whiteboard pen resting in the tray.
const PEN: [u8; 3] = [30, 60, 160];
use super::super::shapes::{circle, line, rounded, rrect};

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (240.0, 170.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: TelevisionModel) {
    match model {
        TelevisionModel::DisplayOnARollingStand => {
            // Base with casters, a centre column and a pen tray under the display.
            p.body(rrect(50.0, 150.0, 140.0, 12.0, 4.0));
            for x in [58.0, 182.0] {
                p.tone(circle(x, 164.0, 5.5), [40, 40, 44]);
            }
            p.body(rrect(106.0, 100.0, 28.0, 54.0, 3.0));
            p.body(rrect(18.0, 0.0, 204.0, 118.0, 5.0));
            p.glass(rrect(32.0, 12.0, 176.0, 92.0, 1.5));
            p.seam(line(44.0, 40.0, 90.0, 30.0), [220, 226, 236], 0.7, 2.0);
            p.seam(line(48.0, 56.0, 120.0, 48.0), [220, 226, 236], 0.7, 2.0);
            p.tone(rrect(80.0, 118.0, 80.0, 7.0, 2.0), p.dim(0.7));
            p.tone(rrect(100.0, 115.0, 22.0, 4.0, 2.0), PEN);
        }
        TelevisionModel::PortraitDisplay => {
            // A free-standing totem: portrait screen above a broad plinth.
            p.body(rrect(72.0, 150.0, 96.0, 20.0, 4.0));
            p.body(rrect(76.0, 2.0, 88.0, 152.0, 8.0));
            p.glass(rrect(84.0, 10.0, 72.0, 112.0, 2.0));
            p.flat(rrect(92.0, 22.0, 56.0, 28.0, 2.0), [90, 120, 170], 0.5);
            p.flat(rrect(92.0, 58.0, 40.0, 6.0, 2.0), [230, 230, 230], 0.6);
            p.flat(rrect(92.0, 70.0, 50.0, 6.0, 2.0), [230, 230, 230], 0.45);
            p.seam(line(80.0, 134.0, 160.0, 134.0), p.dim(0.6), 0.6, 1.5);
        }
        TelevisionModel::TvWithACameraBar => {
            p.body(rrect(60.0, 154.0, 120.0, 12.0, 5.0));
            p.body(rrect(104.0, 130.0, 32.0, 26.0, 3.0));
            p.body(rrect(0.0, 10.0, 240.0, 128.0, 4.0));
            p.glass(rrect(10.0, 20.0, 220.0, 108.0, 1.5));
            // The camera bar clipped on top: lens, microphones and a status light.
            p.tone(rrect(78.0, 0.0, 84.0, 14.0, 6.0), [40, 40, 44]);
            p.chrome(circle(120.0, 7.0, 5.5));
            p.glass(circle(120.0, 7.0, 3.5));
            for x in [92.0, 148.0] {
                p.flat(circle(x, 7.0, 1.5), [120, 120, 126], 1.0);
            }
            p.flat(circle(132.0, 7.0, 1.5), [80, 220, 120], 1.0);
        }
        TelevisionModel::FlatScreenTv => {
            p.body(rounded(
                &[
                    (100.0, 136.0),
                    (140.0, 136.0),
                    (146.0, 158.0),
                    (94.0, 158.0),
                ],
                3.0,
            ));
            p.body(rrect(60.0, 156.0, 120.0, 12.0, 5.0));
            p.body(rrect(0.0, 0.0, 240.0, 140.0, 4.0));
            p.glass(rrect(12.0, 12.0, 216.0, 112.0, 1.5));
            p.flat(circle(120.0, 132.0, 2.0), [220, 60, 40], 1.0);
        }
        TelevisionModel::RetroTv => {
            p.body(rrect(14.0, 30.0, 212.0, 134.0, 18.0));
            screen(p, 30.0, 44.0, 136.0, 106.0);
            panel(p, 176.0, 44.0);
            // Rabbit-ear antenna.
            p.line(line(120.0, 30.0, 84.0, 2.0), METAL, 2.0);
            p.line(line(120.0, 30.0, 160.0, 2.0), METAL, 2.0);
            p.tone(rrect(104.0, 24.0, 32.0, 8.0, 4.0), [60, 60, 64]);
            p.tone(rrect(30.0, 162.0, 20.0, 8.0, 2.0), [50, 50, 54]);
            p.tone(rrect(190.0, 162.0, 20.0, 8.0, 2.0), [50, 50, 54]);
        }
        _ => {
            for (top, bottom) in [
                ((52.0, 110.0), (36.0, 170.0)),
                ((188.0, 110.0), (204.0, 170.0)),
            ] {
                p.line(line(top.0, top.1, bottom.0, bottom.1), WOOD, 6.0);
            }
            p.body(rrect(14.0, 4.0, 212.0, 120.0, 28.0));
            screen(p, 34.0, 18.0, 130.0, 92.0);
            panel(p, 176.0, 20.0);
        }
    }
}

/// A bulging CRT screen inside a darker surround.
fn screen(p: &mut Painter<'_>, x: f32, y: f32, w: f32, h: f32) {
    p.tone(rrect(x - 4.0, y - 4.0, w + 8.0, h + 8.0, 18.0), p.dim(0.6));
    p.glass(rrect(x, y, w, h, 16.0));
}

/// Two knobs and a speaker grille in a column starting at (`x`, `y`).
fn panel(p: &mut Painter<'_>, x: f32, y: f32) {
    for i in 0..2 {
        let cy = y + 12.0 + i as f32 * 26.0;
        p.chrome(circle(x + 18.0, cy, 9.0));
        p.line(line(x + 18.0, cy, x + 18.0, cy - 7.0), [50, 50, 54], 2.0);
    }
    for i in 0..6 {
        let yy = y + 64.0 + i as f32 * 6.0;
        p.line(line(x + 6.0, yy, x + 30.0, yy), p.dim(0.5), 2.0);
    }
}
