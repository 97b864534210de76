//! Loudspeakers from the front: a bookshelf speaker, a tower, a soundbar, a subwoofer, a
//! portable speaker, a PA speaker and a stage monitor wedge.

use super::super::painter::{METAL, Painter, RUBBER};
use super::super::shapes::{circle, line, poly, rounded, rrect};
use crate::model::SpeakerModel;

/// The local frame of a model.
pub(super) fn size(model: SpeakerModel) -> (f32, f32) {
    match model {
        SpeakerModel::BookshelfSpeaker => (110.0, 160.0),
        SpeakerModel::TowerSpeaker => (90.0, 230.0),
        SpeakerModel::Soundbar => (260.0, 60.0),
        SpeakerModel::Subwoofer => (150.0, 150.0),
        SpeakerModel::PortableSpeaker => (180.0, 100.0),
        SpeakerModel::PaSpeaker => (130.0, 200.0),
        _ => (200.0, 110.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: SpeakerModel) {
    match model {
        SpeakerModel::BookshelfSpeaker => {
            p.body(rrect(4.0, 4.0, 102.0, 152.0, 6.0));
            p.tone(rrect(4.0, 4.0, 10.0, 152.0, 4.0), p.dim(0.75));
            driver(p, 58.0, 40.0, 16.0);
            driver(p, 58.0, 104.0, 36.0);
        }
        SpeakerModel::TowerSpeaker => {
            for x in [6.0, 76.0] {
                p.chrome(rrect(x, 220.0, 8.0, 10.0, 2.0));
            }
            p.body(rrect(4.0, 2.0, 82.0, 220.0, 5.0));
            p.tone(rrect(4.0, 2.0, 8.0, 220.0, 3.0), p.dim(0.75));
            driver(p, 46.0, 30.0, 12.0);
            for y in [76.0, 130.0, 184.0] {
                driver(p, 46.0, y, 26.0);
            }
        }
        SpeakerModel::Soundbar => {
            for x in [20.0, 230.0] {
                p.tone(rrect(x, 52.0, 10.0, 8.0, 2.0), RUBBER);
            }
            p.body(rrect(2.0, 8.0, 256.0, 46.0, 20.0));
            p.tone(rrect(14.0, 14.0, 232.0, 30.0, 14.0), p.dim(0.88));
            grille(p, 16.0, 16.0, 228.0, 26.0);
            p.tone(rrect(110.0, 46.0, 40.0, 5.0, 2.0), p.secondary());
        }
        SpeakerModel::Subwoofer => {
            for x in [10.0, 128.0] {
                p.tone(rrect(x, 140.0, 12.0, 10.0, 2.0), RUBBER);
            }
            p.body(rrect(4.0, 6.0, 142.0, 136.0, 8.0));
            driver(p, 75.0, 74.0, 54.0);
            p.flat(circle(125.0, 128.0, 2.0), [120, 220, 160], 1.0);
        }
        SpeakerModel::PortableSpeaker => {
            // A fabric-covered cylinder lying down, rubber end caps and a strap.
            p.line(line(20.0, 40.0, 10.0, 10.0), RUBBER, 3.0);
            p.body(rrect(16.0, 14.0, 148.0, 82.0, 40.0));
            grille(p, 40.0, 22.0, 100.0, 66.0);
            for x in [10.0, 150.0] {
                p.tone(rrect(x, 12.0, 20.0, 86.0, 10.0), RUBBER);
            }
            p.tone(rrect(70.0, 12.0, 40.0, 8.0, 3.0), p.secondary());
        }
        SpeakerModel::PaSpeaker => {
            // A trapezoid cabinet: horn on top, woofer below, a handle.
            p.body(poly(&[
                (6.0, 6.0),
                (124.0, 6.0),
                (116.0, 196.0),
                (14.0, 196.0),
            ]));
            p.tone(rrect(44.0, 0.0, 42.0, 8.0, 3.0), RUBBER);
            p.tone(
                rounded(
                    &[(28.0, 26.0), (102.0, 26.0), (86.0, 66.0), (44.0, 66.0)],
                    4.0,
                ),
                RUBBER,
            );
            p.flat(rrect(56.0, 40.0, 18.0, 14.0, 2.0), [20, 20, 22], 1.0);
            driver(p, 65.0, 130.0, 46.0);
            p.chrome(rrect(56.0, 184.0, 18.0, 8.0, 2.0));
        }
        _ => {
            // A wedge lying on its back, its grille facing up toward the performer.
            p.body(poly(&[
                (4.0, 104.0),
                (30.0, 14.0),
                (196.0, 44.0),
                (196.0, 104.0),
            ]));
            p.tone(
                poly(&[(40.0, 22.0), (186.0, 50.0), (186.0, 96.0), (16.0, 96.0)]),
                p.dim(0.88),
            );
            grille(p, 30.0, 40.0, 150.0, 52.0);
            driver(p, 80.0, 68.0, 22.0);
            driver(p, 150.0, 72.0, 14.0);
            p.tone(rrect(4.0, 98.0, 192.0, 8.0, 2.0), RUBBER);
        }
    }
}

/// A driver seen head on: chrome rim, dark cone, dust cap.
fn driver(p: &mut Painter<'_>, cx: f32, cy: f32, r: f32) {
    p.tone(circle(cx, cy, r + 3.0), p.dim(0.6));
    p.chrome(circle(cx, cy, r));
    p.tone(circle(cx, cy, r * 0.88), RUBBER);
    p.flat(circle(cx, cy, r * 0.6), [50, 50, 54], 1.0);
    p.tone(circle(cx, cy, r * 0.25), [70, 70, 76]);
    p.flat(circle(cx - r * 0.3, cy - r * 0.3, r * 0.12), [255; 3], 0.3);
}

/// A perforated grille: dots in rows over the area.
fn grille(p: &mut Painter<'_>, x: f32, y: f32, w: f32, h: f32) {
    let step = 5.0;
    let cols = (w / step) as usize;
    let rows = (h / step) as usize;
    for row in 0..rows {
        for col in 0..cols {
            let cx = x + step / 2.0 + col as f32 * step;
            let cy = y + step / 2.0 + row as f32 * step;
            p.flat(circle(cx, cy, 1.0), RUBBER, 0.3);
        }
    }
    p.seam(rrect(x, y, w, h, 4.0), METAL, 0.4, 1.0);
}
