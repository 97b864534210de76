//! Tables and desks seen slightly from above: dining, round pedestal and coffee tables,
//! side and console tables, desks, a standing desk, a nightstand, picnic, bar and folding
//! tables, a kids' play table and a printer stand.

use super::super::painter::Painter;
use super::super::painter::RUBBER;
use super::super::shapes::{circle, ellipse, line, poly, rounded, rrect};
use crate::model::TableModel;

/// Local frame of the wide tables: width × height.
const SIZE: (f32, f32) = (220.0, 120.0);

/// The local frame of a model.
pub(super) fn size(model: TableModel) -> (f32, f32) {
    match model {
        TableModel::SideTable => (120.0, 120.0),
        TableModel::Desk => (220.0, 130.0),
        TableModel::StandingDesk => (200.0, 170.0),
        TableModel::Nightstand => (120.0, 130.0),
        TableModel::PicnicTable => (240.0, 120.0),
        TableModel::BarTable => (110.0, 170.0),
        TableModel::KidsPlayTable => (200.0, 110.0),
        TableModel::PrinterStand => (140.0, 120.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: TableModel) {
    let under = p.dim(0.7);
    match model {
        TableModel::SideTable => side(p),
        TableModel::ConsoleTable => console(p),
        TableModel::Desk => desk(p),
        TableModel::StandingDesk => standing_desk(p),
        TableModel::Nightstand => nightstand(p),
        TableModel::PicnicTable => picnic(p),
        TableModel::BarTable => {
            p.body(ellipse(55.0, 165.0, 34.0, 5.0));
            p.body(rrect(50.0, 30.0, 10.0, 134.0, 2.0));
            p.chrome(rrect(40.0, 118.0, 30.0, 4.0, 2.0));
            p.tone(ellipse(55.0, 22.0, 52.0, 12.0), under);
            p.body(ellipse(55.0, 17.0, 52.0, 12.0));
        }
        TableModel::FoldingTable => {
            let metal = super::super::painter::METAL;
            for (a, b) in [
                ((24.0, 40.0), (8.0, 120.0)),
                ((196.0, 40.0), (212.0, 120.0)),
            ] {
                p.line(line(a.0, a.1, b.0, b.1), metal, 4.0);
            }
            p.line(line(30.0, 40.0, 40.0, 118.0), metal, 4.0);
            p.line(line(190.0, 40.0, 180.0, 118.0), metal, 4.0);
            p.body(poly(&[
                (16.0, 20.0),
                (204.0, 20.0),
                (220.0, 34.0),
                (0.0, 34.0),
            ]));
            p.body(rrect(0.0, 34.0, 220.0, 7.0, 2.0));
        }
        TableModel::KidsPlayTable => {
            // A low play table with a raised rim and blocks on it, two little stools.
            for x in [8.0, 176.0] {
                p.body(rrect(x, 60.0, 16.0, 50.0, 4.0));
            }
            p.body(rrect(0.0, 44.0, 200.0, 22.0, 5.0));
            p.tone(
                poly(&[(16.0, 30.0), (184.0, 30.0), (196.0, 44.0), (4.0, 44.0)]),
                p.dim(0.8),
            );
            for (i, x) in [40.0f32, 62.0, 120.0, 142.0].into_iter().enumerate() {
                let colour = if i % 2 == 0 {
                    p.secondary()
                } else {
                    [240, 200, 40]
                };
                p.tone(
                    rrect(x, 24.0 - (i % 2) as f32 * 6.0, 16.0, 16.0, 2.0),
                    colour,
                );
            }
            for x in [56.0, 124.0] {
                p.tone(rrect(x, 84.0, 24.0, 8.0, 3.0), p.secondary());
                p.tone(rrect(x + 3.0, 92.0, 4.0, 18.0, 1.0), p.dim(0.7));
                p.tone(rrect(x + 17.0, 92.0, 4.0, 18.0, 1.0), p.dim(0.7));
            }
        }
        TableModel::PrinterStand => {
            for y in [20.0, 62.0] {
                p.body(rrect(6.0, y, 128.0, 12.0, 2.0));
            }
            for x in [10.0, 122.0] {
                p.body(rrect(x, 30.0, 8.0, 78.0, 1.5));
            }
            p.body(rrect(6.0, 96.0, 128.0, 10.0, 2.0));
            for x in [16.0, 124.0] {
                p.tone(circle(x, 112.0, 6.0), [40, 40, 44]);
            }
            p.tone(rrect(20.0, 2.0, 96.0, 18.0, 3.0), [236, 236, 232]);
            p.tone(rrect(34.0, 0.0, 70.0, 4.0, 1.0), [210, 210, 206]);
        }
        TableModel::DiningTable => {
            // Back legs first, then apron, top and front legs.
            for x in [30.0, 182.0] {
                p.tone(rrect(x, 40.0, 8.0, 66.0, 1.5), under);
            }
            p.body(poly(&[
                (16.0, 14.0),
                (204.0, 14.0),
                (220.0, 32.0),
                (0.0, 32.0),
            ]));
            p.tone(rrect(0.0, 32.0, 220.0, 8.0, 1.5), p.dim(0.8));
            p.tone(rrect(12.0, 40.0, 196.0, 10.0, 1.0), under);
            for x in [6.0, 202.0] {
                p.body(rounded(
                    &[
                        (x, 40.0),
                        (x + 12.0, 40.0),
                        (x + 10.0, 120.0),
                        (x + 2.0, 120.0),
                    ],
                    1.0,
                ));
            }
        }
        TableModel::RoundPedestalTable => {
            p.body(ellipse(110.0, 113.0, 46.0, 7.0));
            p.body(rounded(
                &[(100.0, 40.0), (120.0, 40.0), (116.0, 110.0), (104.0, 110.0)],
                2.0,
            ));
            p.tone(ellipse(110.0, 30.0, 96.0, 20.0), p.dim(0.75));
            p.body(ellipse(110.0, 25.0, 96.0, 20.0));
        }
        _ => {
            for x in [22.0, 190.0] {
                p.tone(rrect(x, 84.0, 8.0, 28.0, 1.0), under);
            }
            p.body(poly(&[
                (14.0, 56.0),
                (206.0, 56.0),
                (220.0, 72.0),
                (0.0, 72.0),
            ]));
            p.tone(rrect(0.0, 72.0, 220.0, 9.0, 2.0), p.dim(0.8));
            p.body(rrect(10.0, 100.0, 200.0, 6.0, 1.0));
            for x in [6.0, 202.0] {
                p.body(rrect(x, 80.0, 12.0, 40.0, 1.5));
            }
        }
    }
}

/// Four straight legs from `top` to `bottom` at these x positions.
fn legs(p: &mut Painter<'_>, xs: &[f32], top: f32, bottom: f32, width: f32) {
    for &x in xs {
        p.body(rrect(x, top, width, bottom - top, 1.5));
    }
}

/// A drawer front with a knob.
fn drawer(p: &mut Painter<'_>, x: f32, y: f32, w: f32, h: f32) {
    p.tone(rrect(x, y, w, h, 2.0), p.dim(0.9));
    p.seam(rrect(x, y, w, h, 2.0), p.dim(0.5), 0.7, 1.0);
    p.chrome(circle(x + w / 2.0, y + h / 2.0, 2.5));
}

fn side(p: &mut Painter<'_>) {
    legs(p, &[10.0, 102.0], 30.0, 120.0, 8.0);
    p.body(rrect(10.0, 84.0, 100.0, 8.0, 1.5));
    p.body(poly(&[
        (8.0, 10.0),
        (112.0, 10.0),
        (120.0, 22.0),
        (0.0, 22.0),
    ]));
    p.body(rrect(0.0, 22.0, 120.0, 10.0, 1.5));
    drawer(p, 18.0, 34.0, 84.0, 18.0);
}

fn console(p: &mut Painter<'_>) {
    legs(p, &[6.0, 206.0], 26.0, 120.0, 8.0);
    legs(p, &[26.0, 186.0], 26.0, 114.0, 6.0);
    p.body(rrect(6.0, 90.0, 208.0, 7.0, 1.5));
    p.body(poly(&[
        (10.0, 8.0),
        (210.0, 8.0),
        (220.0, 16.0),
        (0.0, 16.0),
    ]));
    p.body(rrect(0.0, 16.0, 220.0, 8.0, 1.5));
    for x in [20.0, 84.0, 148.0] {
        drawer(p, x, 25.0, 52.0, 14.0);
    }
}

fn desk(p: &mut Painter<'_>) {
    legs(p, &[8.0], 26.0, 130.0, 10.0);
    p.body(poly(&[
        (12.0, 8.0),
        (208.0, 8.0),
        (220.0, 18.0),
        (0.0, 18.0),
    ]));
    p.body(rrect(0.0, 18.0, 220.0, 9.0, 1.5));
    // A pedestal of three drawers on the right, a modesty panel behind.
    p.tone(rrect(18.0, 27.0, 120.0, 46.0, 1.0), p.dim(0.75));
    p.body(rrect(140.0, 27.0, 74.0, 103.0, 2.0));
    for i in 0..3 {
        drawer(p, 146.0, 32.0 + i as f32 * 32.0, 62.0, 28.0);
    }
    drawer(p, 30.0, 28.0, 96.0, 12.0);
}

fn standing_desk(p: &mut Painter<'_>) {
    // T-legs: telescoping columns on feet, a keypad under the front edge.
    for x in [30.0, 160.0] {
        p.tone(rrect(x - 4.0, 30.0, 18.0, 70.0, 2.0), [60, 62, 66]);
        p.chrome(rrect(x - 1.0, 96.0, 12.0, 64.0, 2.0));
        p.tone(rrect(x - 24.0, 160.0, 58.0, 9.0, 3.0), [60, 62, 66]);
    }
    p.tone(rrect(36.0, 30.0, 134.0, 6.0, 1.0), [60, 62, 66]);
    p.body(poly(&[
        (12.0, 8.0),
        (188.0, 8.0),
        (200.0, 18.0),
        (0.0, 18.0),
    ]));
    p.body(rrect(0.0, 18.0, 200.0, 16.0, 2.0));
    p.tone(rrect(150.0, 34.0, 30.0, 8.0, 2.0), RUBBER);
    p.flat(rrect(154.0, 36.0, 10.0, 4.0, 1.0), [120, 220, 160], 1.0);
    p.tone(rrect(20.0, 2.0, 40.0, 6.0, 2.0), p.dim(0.7));
}

fn nightstand(p: &mut Painter<'_>) {
    legs(p, &[12.0, 100.0], 110.0, 130.0, 8.0);
    p.body(poly(&[
        (8.0, 6.0),
        (112.0, 6.0),
        (120.0, 16.0),
        (0.0, 16.0),
    ]));
    p.body(rrect(4.0, 16.0, 112.0, 96.0, 2.0));
    for i in 0..2 {
        drawer(p, 12.0, 24.0 + i as f32 * 42.0, 96.0, 36.0);
    }
}

fn picnic(p: &mut Painter<'_>) {
    // A-frame legs carrying the top and a bench on each side (the near one lower).
    for x in [40.0, 200.0] {
        p.body_line(line(x, 20.0, x - 26.0, 120.0), 8.0);
        p.body_line(line(x, 20.0, x + 26.0, 120.0), 8.0);
    }
    p.body(rrect(10.0, 70.0, 220.0, 8.0, 2.0));
    for i in 0..3 {
        p.body(rrect(16.0, 4.0 + i as f32 * 7.0, 208.0, 6.0, 1.5));
    }
    for i in 0..2 {
        p.body(rrect(0.0, 62.0 + i as f32 * 7.0, 240.0, 6.0, 1.5));
    }
}
