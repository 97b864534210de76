//! Books standing face on with their titles printed on the cover: a hardcover with its
//! spine edge showing, a paperback with a darker band, and a cover with banded rules.

use super::super::error::ImageryError;
use super::super::painter::{IVORY, PAPER, Painter};
use super::super::shapes::{line, rrect};
use crate::model::BookModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (130.0, 170.0);

/// Draws the model, printing `text` as the title.
pub(super) fn draw(
    p: &mut Painter<'_>,
    model: BookModel,
    text: Option<&str>,
) -> Result<(), ImageryError> {
    match model {
        BookModel::HardcoverBook => {
            p.tone(rrect(118.0, 8.0, 8.0, 158.0, 1.0), IVORY);
            p.body(rrect(6.0, 4.0, 116.0, 164.0, 3.0));
            p.tone(rrect(6.0, 4.0, 12.0, 164.0, 3.0), p.dim(0.7));
            p.label((26.0, 34.0, 88.0, 70.0), PAPER, text)?;
        }
        BookModel::PaperbackBook => {
            p.tone(rrect(120.0, 6.0, 5.0, 160.0, 1.0), IVORY);
            p.body(rrect(8.0, 4.0, 114.0, 164.0, 1.0));
            p.tone(rrect(8.0, 120.0, 114.0, 26.0, 1.0), p.dim(0.75));
            p.label((20.0, 24.0, 90.0, 60.0), PAPER, text)?;
        }
        _ => {
            p.tone(rrect(118.0, 8.0, 8.0, 158.0, 1.0), IVORY);
            p.body(rrect(6.0, 4.0, 116.0, 164.0, 3.0));
            for y in [16.0, 22.0, 148.0, 154.0] {
                p.line(line(14.0, y, 114.0, y), p.secondary(), 2.5);
            }
            p.label((16.0, 52.0, 96.0, 64.0), PAPER, text)?;
        }
    }
    Ok(())
}
