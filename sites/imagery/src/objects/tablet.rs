//! Tablets and e-readers from the front: a tablet on its stand, one docked on a keyboard,
//! one in a folio case, a kids' tablet in a bumper, an e-reader and a drawing tablet with
//! its pen.

use super::super::painter::Painter;
use super::super::shapes::{circle, line, poly, rounded, rrect};
use crate::model::TabletModel;

/// The local frame of a model.
pub(super) fn size(model: TabletModel) -> (f32, f32) {
    match model {
        TabletModel::TabletWithKeyboard => (200.0, 170.0),
        TabletModel::KidsTablet => (210.0, 170.0),
        TabletModel::EReader => (120.0, 170.0),
        TabletModel::DrawingTablet => (220.0, 140.0),
        _ => (200.0, 150.0),
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: TabletModel) {
    match model {
        TabletModel::Tablet => {
            p.tone(
                poly(&[(80.0, 120.0), (120.0, 120.0), (130.0, 150.0), (70.0, 150.0)]),
                p.secondary(),
            );
            p.body(rrect(6.0, 4.0, 188.0, 130.0, 12.0));
            screen(p, 20.0, 18.0, 160.0, 102.0);
        }
        TabletModel::TabletWithKeyboard => {
            // The keyboard cover lies flat in front; the tablet stands behind it.
            p.body(rrect(6.0, 4.0, 188.0, 120.0, 10.0));
            screen(p, 19.0, 17.0, 162.0, 94.0);
            p.body(poly(&[
                (10.0, 126.0),
                (190.0, 126.0),
                (200.0, 168.0),
                (0.0, 168.0),
            ]));
            for row in 0..3 {
                for col in 0..12 {
                    let x = 14.0 + col as f32 * 14.5 - row as f32 * 1.5;
                    let y = 131.0 + row as f32 * 10.0;
                    p.tone(rrect(x, y, 12.0, 8.0, 1.5), p.dim(0.72));
                }
            }
            p.tone(rrect(60.0, 160.0, 80.0, 6.0, 2.0), p.dim(0.85));
        }
        TabletModel::TabletInAFolioCase => {
            // The cover folded into a triangle behind, the tablet framed by the case.
            p.tone(
                poly(&[(60.0, 30.0), (140.0, 30.0), (170.0, 150.0), (30.0, 150.0)]),
                p.dim(0.7),
            );
            p.body(rrect(4.0, 2.0, 192.0, 138.0, 10.0));
            p.seam(rrect(8.0, 6.0, 184.0, 130.0, 8.0), p.dim(0.5), 0.8, 1.0);
            screen(p, 22.0, 19.0, 156.0, 102.0);
            p.tone(rrect(196.0, 50.0, 4.0, 40.0, 2.0), p.secondary());
        }
        TabletModel::KidsTablet => {
            // A chunky foam bumper with a carrying handle.
            p.body(rounded(
                &[
                    (4.0, 40.0),
                    (70.0, 40.0),
                    (80.0, 4.0),
                    (130.0, 4.0),
                    (140.0, 40.0),
                    (206.0, 40.0),
                    (206.0, 168.0),
                    (4.0, 168.0),
                ],
                18.0,
            ));
            p.flat(rrect(90.0, 16.0, 30.0, 22.0, 8.0), [0; 3], 0.85);
            screen(p, 26.0, 56.0, 158.0, 96.0);
            p.tone(circle(16.0, 104.0, 5.0), p.secondary());
        }
        TabletModel::EReader => {
            p.body(rrect(4.0, 2.0, 112.0, 166.0, 10.0));
            p.tone(rrect(25.0, 22.0, 70.0, 96.0, 2.0), [214, 214, 206]);
            for i in 0..9 {
                let y = 30.0 + i as f32 * 10.0;
                let w = if i % 4 == 3 { 34.0 } else { 58.0 };
                p.flat(rrect(31.0, y, w, 4.0, 1.0), [70, 70, 70], 0.85);
            }
            p.tone(rrect(44.0, 146.0, 32.0, 8.0, 4.0), p.dim(0.75));
        }
        _ => {
            // A flat pad: express keys on the left, the dark active area, the pen on top.
            p.tone(
                poly(&[(8.0, 40.0), (212.0, 40.0), (220.0, 134.0), (0.0, 134.0)]),
                p.dim(0.7),
            );
            p.body(poly(&[
                (10.0, 30.0),
                (210.0, 30.0),
                (218.0, 126.0),
                (2.0, 126.0),
            ]));
            p.tone(
                poly(&[(54.0, 40.0), (198.0, 40.0), (204.0, 116.0), (50.0, 116.0)]),
                [40, 42, 46],
            );
            for (i, y) in [44.0, 62.0, 80.0, 98.0].into_iter().enumerate() {
                let colour = if i == 0 { p.secondary() } else { p.dim(0.7) };
                p.tone(rrect(18.0 - i as f32 * 0.5, y, 22.0, 12.0, 3.0), colour);
            }
            p.line(line(80.0, 100.0, 180.0, 60.0), [40, 40, 44], 6.0);
            p.line(line(172.0, 63.0, 186.0, 57.5), p.secondary(), 6.0);
            p.line(line(80.0, 100.0, 74.0, 102.5), [200, 200, 200], 2.0);
        }
    }
}

/// A lit screen: dark glass with a row of app tiles.
fn screen(p: &mut Painter<'_>, x: f32, y: f32, w: f32, h: f32) {
    p.glass(rrect(x, y, w, h, 3.0));
    for row in 0..2 {
        for col in 0..4 {
            let tx = x + w * 0.14 + col as f32 * w * 0.2;
            let ty = y + h * 0.22 + row as f32 * h * 0.32;
            p.flat(rrect(tx, ty, w * 0.08, w * 0.08, 2.5), [200, 206, 216], 0.3);
        }
    }
}
