//! Computer monitors from the front: on a stand, a curved ultrawide, and one on an arm
//! clamped to a desk edge.

use super::super::painter::{METAL, Painter};
use super::super::shapes::{circle, curve, line, rrect, smooth};
use crate::model::MonitorModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (220.0, 170.0);

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: MonitorModel) {
    match model {
        MonitorModel::Monitor => {
            p.body(rrect(60.0, 152.0, 100.0, 16.0, 6.0));
            p.body(rrect(98.0, 104.0, 24.0, 52.0, 4.0));
            p.body(rrect(10.0, 6.0, 200.0, 118.0, 5.0));
            p.glass(rrect(18.0, 14.0, 184.0, 98.0, 1.5));
            p.tone(rrect(10.0, 112.0, 200.0, 12.0, 3.0), p.dim(0.85));
            p.tone(rrect(70.0, 152.0, 80.0, 6.0, 3.0), p.secondary());
            p.tone(rrect(10.0, 112.0, 200.0, 3.0, 1.0), p.secondary());
            p.flat(circle(190.0, 118.0, 1.8), [120, 220, 150], 1.0);
        }
        MonitorModel::CurvedMonitor => {
            p.body(smooth(&[
                (40.0, 168.0),
                (110.0, 150.0),
                (180.0, 168.0),
                (110.0, 162.0),
            ]));
            p.body(rrect(98.0, 110.0, 24.0, 48.0, 4.0));
            // Top and bottom edges bow toward the viewer.
            let outline = super::super::shapes::pointed(
                &[(2.0, 14.0), (110.0, 26.0), (218.0, 14.0)],
                &[(218.0, 112.0), (110.0, 124.0), (2.0, 112.0)],
            );
            p.body(outline);
            let screen = super::super::shapes::pointed(
                &[(10.0, 20.0), (110.0, 32.0), (210.0, 20.0)],
                &[(210.0, 104.0), (110.0, 114.0), (10.0, 104.0)],
            );
            p.glass(screen);
            p.seam(
                curve(&[(2.0, 112.0), (110.0, 124.0), (218.0, 112.0)]),
                p.dim(0.6),
                0.8,
                3.0,
            );
        }
        _ => {
            // A desk edge with the clamp, the arm's two segments and the monitor.
            p.tone(
                rrect(120.0, 150.0, 100.0, 10.0, 2.0),
                super::super::painter::WOOD,
            );
            p.tone(rrect(180.0, 140.0, 16.0, 30.0, 2.0), p.secondary());
            p.body_line(line(188.0, 142.0, 176.0, 104.0), 8.0);
            p.body_line(line(176.0, 104.0, 112.0, 96.0), 8.0);
            p.chrome(circle(176.0, 104.0, 5.0));
            p.line(line(112.0, 96.0, 110.0, 86.0), METAL, 6.0);
            p.body(rrect(6.0, 2.0, 184.0, 112.0, 5.0));
            p.glass(rrect(16.0, 12.0, 164.0, 80.0, 1.5));
            p.tone(rrect(6.0, 96.0, 184.0, 18.0, 3.0), p.dim(0.95));
            p.tone(rrect(6.0, 96.0, 184.0, 5.0, 1.0), p.secondary());
        }
    }
}
