//! Tools lying on their side: a claw hammer, a cordless drill, a screwdriver, a mallet, a
//! sledgehammer and a rotary tool; a toolbox standing.

use super::super::painter::{Painter, RUBBER, WOOD};
use super::super::shapes::{line, poly, rounded, rrect, smooth};
use crate::model::ToolModel;

/// Local frame of the hand tools: width × height.
const SIZE: (f32, f32) = (190.0, 120.0);

/// The local frame of a model.
pub(super) fn size(model: ToolModel) -> (f32, f32) {
    match model {
        ToolModel::Sledgehammer => (240.0, 100.0),
        ToolModel::Toolbox => (190.0, 130.0),
        _ => SIZE,
    }
}

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: ToolModel) {
    match model {
        ToolModel::Mallet => {
            // A wooden handle and a big round-ended rubber head in the body colour.
            p.tone(rrect(60.0, 54.0, 126.0, 14.0, 6.0), WOOD);
            p.body(rrect(6.0, 22.0, 64.0, 76.0, 14.0));
            p.tone(rrect(6.0, 22.0, 12.0, 76.0, 6.0), p.dim(0.7));
            p.tone(rrect(58.0, 22.0, 12.0, 76.0, 6.0), p.dim(0.7));
        }
        ToolModel::Sledgehammer => {
            // A long handle and a heavy painted head with bare striking faces.
            p.body(rrect(56.0, 40.0, 182.0, 20.0, 8.0));
            p.tone(rrect(190.0, 38.0, 48.0, 24.0, 8.0), RUBBER);
            p.body(rrect(8.0, 16.0, 52.0, 68.0, 6.0));
            p.chrome(rrect(4.0, 18.0, 8.0, 64.0, 3.0));
            p.chrome(rrect(56.0, 18.0, 8.0, 64.0, 3.0));
        }
        ToolModel::Toolbox => {
            // A toolbox with a lid, handle and latches, a tray showing over the top.
            p.line(
                super::super::shapes::curve(&[(60.0, 30.0), (95.0, 8.0), (130.0, 30.0)]),
                RUBBER,
                7.0,
            );
            p.body(rrect(8.0, 28.0, 174.0, 30.0, 6.0));
            p.body(rrect(10.0, 54.0, 170.0, 74.0, 4.0));
            p.seam(line(10.0, 56.0, 180.0, 56.0), p.dim(0.5), 0.9, 2.0);
            for x in [30.0, 146.0] {
                p.chrome(rrect(x, 48.0, 14.0, 16.0, 2.0));
            }
            p.tone(rrect(20.0, 80.0, 150.0, 8.0, 2.0), p.dim(0.75));
        }
        ToolModel::RotaryTool => {
            // A slim pen-shaped motor body with a collet and a small bit.
            p.line(line(150.0, 60.0, 186.0, 60.0), [170, 174, 182], 3.0);
            p.chrome(rounded(
                &[(130.0, 52.0), (152.0, 55.0), (152.0, 65.0), (130.0, 68.0)],
                3.0,
            ));
            p.body(rrect(14.0, 40.0, 120.0, 40.0, 18.0));
            p.tone(rrect(30.0, 44.0, 30.0, 8.0, 3.0), RUBBER);
            for i in 0..6 {
                let x = 70.0 + i as f32 * 8.0;
                p.seam(line(x, 44.0, x, 76.0), RUBBER, 0.6, 2.0);
            }
            p.tone(rrect(0.0, 54.0, 16.0, 12.0, 4.0), RUBBER);
        }
        ToolModel::Hammer => {
            p.body(rrect(34.0, 50.0, 152.0, 30.0, 12.0));
            for i in 0..5 {
                let x = 128.0 + i as f32 * 11.0;
                p.seam(line(x, 52.0, x, 78.0), RUBBER, 0.5, 2.0);
            }
            p.chrome(smooth(&[
                (18.0, 20.0),
                (44.0, 20.0),
                (46.0, 60.0),
                (42.0, 100.0),
                (32.0, 106.0),
                (30.0, 64.0),
                (22.0, 40.0),
            ]));
            p.chrome(rrect(4.0, 14.0, 26.0, 20.0, 4.0));
        }
        ToolModel::PowerDrill => {
            p.line(line(4.0, 40.0, 30.0, 40.0), [150, 152, 158], 5.0);
            p.chrome(poly(&[
                (26.0, 30.0),
                (50.0, 24.0),
                (50.0, 56.0),
                (26.0, 50.0),
            ]));
            p.body(rrect(46.0, 14.0, 130.0, 52.0, 20.0));
            p.body(poly(&[
                (104.0, 60.0),
                (140.0, 60.0),
                (132.0, 104.0),
                (98.0, 104.0),
            ]));
            p.tone(rrect(118.0, 24.0, 40.0, 8.0, 3.0), RUBBER);
            p.tone(rrect(94.0, 60.0, 8.0, 16.0, 3.0), RUBBER);
            p.tone(rrect(82.0, 100.0, 74.0, 18.0, 4.0), RUBBER);
        }
        _ => {
            p.line(line(70.0, 60.0, 182.0, 60.0), [170, 174, 182], 7.0);
            p.tone(
                poly(&[(176.0, 56.0), (188.0, 58.0), (188.0, 62.0), (176.0, 64.0)]),
                [130, 134, 140],
            );
            p.body(rrect(6.0, 40.0, 80.0, 40.0, 16.0));
            p.tone(rrect(80.0, 48.0, 14.0, 24.0, 5.0), p.dim(0.75));
            for y in [50.0, 60.0, 70.0] {
                p.seam(line(14.0, y, 78.0, y), p.dim(0.55), 0.8, 2.0);
            }
        }
    }
}
