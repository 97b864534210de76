//! Beauty products standing front on, each with a printed label: a pump bottle, a
//! cream jar, a tube standing on its cap, a spray can and a dropper bottle.

use super::super::error::ImageryError;
use super::super::painter::{PAPER, Painter, RUBBER};
use super::super::shapes::{circle, line, poly, rrect};
use crate::model::CosmeticModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (120.0, 170.0);

/// Draws the model, printing `text` on the label.
pub(super) fn draw(
    p: &mut Painter<'_>,
    model: CosmeticModel,
    text: Option<&str>,
) -> Result<(), ImageryError> {
    match model {
        CosmeticModel::PumpBottle => {
            p.line(line(60.0, 24.0, 60.0, 46.0), p.dim(0.6), 6.0);
            p.tone(
                poly(&[
                    (42.0, 16.0),
                    (80.0, 16.0),
                    (104.0, 22.0),
                    (104.0, 28.0),
                    (42.0, 30.0),
                ]),
                p.dim(0.8),
            );
            p.tone(rrect(44.0, 44.0, 32.0, 20.0, 3.0), p.dim(0.8));
            p.body(rrect(16.0, 62.0, 88.0, 106.0, 16.0));
            p.label((26.0, 92.0, 68.0, 44.0), PAPER, text)?;
        }
        CosmeticModel::CreamJar => {
            p.body(rrect(6.0, 70.0, 108.0, 28.0, 6.0));
            p.seam(line(8.0, 92.0, 112.0, 92.0), p.dim(0.5), 0.8, 1.5);
            p.body(rrect(10.0, 96.0, 100.0, 72.0, 10.0));
            p.label((19.0, 105.0, 82.0, 49.0), PAPER, text)?;
        }
        CosmeticModel::SprayCan => {
            p.tone(rrect(44.0, 4.0, 32.0, 16.0, 4.0), p.dim(0.75));
            p.flat(circle(68.0, 11.0, 2.5), RUBBER, 1.0);
            p.chrome(rrect(24.0, 18.0, 72.0, 16.0, 8.0));
            p.body(rrect(20.0, 30.0, 80.0, 138.0, 8.0));
            p.chrome(rrect(20.0, 160.0, 80.0, 8.0, 3.0));
            p.label((24.0, 70.0, 72.0, 56.0), PAPER, text)?;
            p.flat(rrect(28.0, 40.0, 6.0, 116.0, 3.0), [255; 3], 0.22);
        }
        CosmeticModel::DropperBottle => {
            // A rubber bulb and glass pipette over a square shouldered bottle.
            p.tone(rrect(50.0, 0.0, 20.0, 30.0, 9.0), RUBBER);
            p.tone(rrect(44.0, 28.0, 32.0, 18.0, 3.0), p.dim(0.7));
            p.body(rrect(22.0, 44.0, 76.0, 124.0, 12.0));
            p.label((26.0, 79.0, 68.0, 59.0), PAPER, text)?;
            p.flat(rrect(30.0, 52.0, 6.0, 104.0, 3.0), [255; 3], 0.25);
        }
        _ => {
            p.body(poly(&[
                (12.0, 4.0),
                (108.0, 4.0),
                (92.0, 134.0),
                (28.0, 134.0),
            ]));
            p.seam(line(12.0, 10.0, 108.0, 10.0), p.dim(0.6), 0.8, 2.0);
            p.tone(rrect(34.0, 132.0, 52.0, 36.0, 6.0), p.dim(0.8));
            p.label((26.0, 34.0, 68.0, 58.0), PAPER, text)?;
        }
    }
    Ok(())
}
