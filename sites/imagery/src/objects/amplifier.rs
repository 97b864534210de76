//! Amplifiers from the front: a guitar combo, a bass head on its cabinet, a desktop
//! headphone amplifier and an AV receiver.

use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{circle, line, rrect};
use crate::model::AmplifierModel;

/// The local frame of a model.
pub(super) fn size(model: AmplifierModel) -> (f32, f32) {
    match model {
        AmplifierModel::ComboAmplifier => (170.0, 150.0),
        AmplifierModel::BassAmplifier => (150.0, 220.0),
        AmplifierModel::HeadphoneAmplifier => (170.0, 90.0),
        _ => (230.0, 90.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: AmplifierModel) {
    match model {
        AmplifierModel::ComboAmplifier => {
            p.tone(rrect(60.0, 0.0, 50.0, 10.0, 4.0), RUBBER);
            p.body(rrect(4.0, 8.0, 162.0, 140.0, 8.0));
            panel(p, 14.0, 16.0, 142.0, 6);
            cloth(p, 16.0, 44.0, 138.0, 94.0);
            p.tone(rrect(66.0, 120.0, 38.0, 8.0, 2.0), IVORY);
        }
        AmplifierModel::BassAmplifier => {
            // The head on top, a tall cabinet with four speakers behind its grille.
            p.body(rrect(6.0, 4.0, 138.0, 50.0, 6.0));
            panel(p, 14.0, 14.0, 122.0, 5);
            p.tone(rrect(54.0, 0.0, 42.0, 6.0, 2.0), RUBBER);
            p.body(rrect(2.0, 56.0, 146.0, 160.0, 6.0));
            cloth(p, 12.0, 66.0, 126.0, 140.0);
            for (cx, cy) in [(43.0, 102.0), (107.0, 102.0), (43.0, 168.0), (107.0, 168.0)] {
                p.seam(circle(cx, cy, 26.0), RUBBER, 0.35, 3.0);
                p.flat(circle(cx, cy, 9.0), RUBBER, 0.25);
            }
            for x in [10.0, 128.0] {
                p.tone(circle(x + 6.0, 214.0, 5.0), RUBBER);
            }
        }
        AmplifierModel::HeadphoneAmplifier => {
            p.body(rrect(4.0, 10.0, 162.0, 76.0, 8.0));
            p.tone(rrect(4.0, 10.0, 162.0, 12.0, 6.0), p.dim(0.8));
            p.chrome(circle(110.0, 54.0, 22.0));
            p.tone(circle(110.0, 54.0, 16.0), p.dim(0.7));
            p.line(line(110.0, 54.0, 100.0, 40.0), IVORY, 2.5);
            p.chrome(circle(40.0, 56.0, 7.0));
            p.flat(circle(40.0, 56.0, 3.0), RUBBER, 1.0);
            p.flat(circle(62.0, 56.0, 2.0), [80, 180, 240], 1.0);
            p.tone(rrect(12.0, 84.0, 14.0, 6.0, 2.0), RUBBER);
            p.tone(rrect(144.0, 84.0, 14.0, 6.0, 2.0), RUBBER);
        }
        _ => {
            p.body(rrect(2.0, 6.0, 226.0, 78.0, 6.0));
            p.tone(rrect(2.0, 6.0, 226.0, 10.0, 4.0), p.dim(0.8));
            p.glass(rrect(60.0, 24.0, 90.0, 22.0, 2.0));
            for i in 0..8 {
                let x = 66.0 + i as f32 * 10.0;
                p.flat(rrect(x, 32.0, 7.0, 6.0, 1.0), [110, 220, 240], 0.9);
            }
            p.chrome(circle(186.0, 44.0, 24.0));
            p.tone(circle(186.0, 44.0, 18.0), p.dim(0.7));
            p.chrome(circle(30.0, 44.0, 12.0));
            for i in 0..6 {
                p.tone(
                    rrect(60.0 + i as f32 * 15.0, 58.0, 11.0, 6.0, 2.0),
                    p.dim(0.65),
                );
            }
            for x in [14.0, 206.0] {
                p.tone(rrect(x, 82.0, 12.0, 6.0, 2.0), RUBBER);
            }
        }
    }
}

/// A control panel strip with `knobs` chrome-capped knobs.
fn panel(p: &mut Painter<'_>, x: f32, y: f32, w: f32, knobs: usize) {
    p.tone(rrect(x, y, w, 22.0, 3.0), [212, 190, 130]);
    for i in 0..knobs {
        let cx = x + 16.0 + i as f32 * (w - 32.0) / (knobs - 1).max(1) as f32;
        p.tone(circle(cx, y + 11.0, 6.5), RUBBER);
        p.flat(circle(cx, y + 11.0, 2.5), [200, 200, 206], 1.0);
    }
}

/// Woven grille cloth in a darker tone of the body, with a fine weave.
fn cloth(p: &mut Painter<'_>, x: f32, y: f32, w: f32, h: f32) {
    p.tone(rrect(x, y, w, h, 4.0), p.dim(0.88));
    let mut yy = y + 3.0;
    while yy < y + h - 2.0 {
        p.seam(line(x + 2.0, yy, x + w - 2.0, yy), [0; 3], 0.1, 1.0);
        yy += 4.0;
    }
    let mut xx = x + 3.0;
    while xx < x + w - 2.0 {
        p.seam(line(xx, y + 2.0, xx, y + h - 2.0), [255; 3], 0.08, 1.0);
        xx += 4.0;
    }
}
