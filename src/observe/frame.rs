//! The Set-of-Marks screenshot made from a captured frame: decoded, drawn on (`paint`) and
//! encoded again in the frame's own format.

use super::capture::{ImageFormat, Screenshot};
use super::paint::{Canvas, MarkPlan};
use super::som::SomElement;
use crate::browser::BrowserError;
use ab_glyph::FontVec;
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

/// Frame rows handed from the decoding thread to the drawing one at a time.
const BAND_ROWS: usize = 64;

/// The Set-of-Marks screenshot of `frame`: decoded, marked and encoded again in the frame's
/// own format. CPU-bound (milliseconds at 1280×720, tens at 1280×2048); run it on a
/// blocking thread. A PNG frame is decoded on a second thread while the bands decoded so
/// far are drawn on and encoded, so the two halves of the work overlap.
pub(super) fn mark_frame(
    frame: &Screenshot,
    marks: &FrameMarks,
    jpeg_quality: u8,
) -> Result<Screenshot, BrowserError> {
    let font = imagery::bold_face().map_err(|error| BrowserError::Marks(error.to_string()))?;
    let plan = MarkPlan::new(&marks.elements, marks.viewport, marks.scale);
    let bytes = match frame.format {
        ImageFormat::Png => match banded_png(&frame.bytes, font, &plan)? {
            Some(bytes) => bytes,
            None => whole_frame(frame, font, &plan, jpeg_quality)?,
        },
        ImageFormat::Jpeg => whole_frame(frame, font, &plan, jpeg_quality)?,
    };
    Ok(Screenshot {
        format: frame.format,
        bytes,
    })
}

fn marks_error(what: &str) -> impl Fn(&dyn std::fmt::Display) -> BrowserError + '_ {
    move |error| BrowserError::Marks(format!("{what}: {error}"))
}

/// Decodes, draws on and re-encodes a non-interlaced 8-bit RGB or RGBA PNG band by band on
/// two threads; None for any other PNG (drawn as a whole instead).
fn banded_png(
    png: &[u8],
    font: &FontVec,
    plan: &MarkPlan,
) -> Result<Option<Vec<u8>>, BrowserError> {
    let decoding = marks_error("decoding the captured frame");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info().map_err(|error| decoding(&error))?;
    let info = reader.info();
    let channels = match (info.color_type, info.bit_depth, info.interlaced) {
        (png::ColorType::Rgb, png::BitDepth::Eight, false) => 3,
        (png::ColorType::Rgba, png::BitDepth::Eight, false) => 4,
        _ => return Ok(None),
    };
    let (width, height, color) = (info.width, info.height, info.color_type);
    let stride = width as usize * channels;
    let (bands, received) = std::sync::mpsc::sync_channel::<Vec<u8>>(4);
    std::thread::scope(|scope| {
        let decoder_thread = scope.spawn(move || -> Result<(), png::DecodingError> {
            let mut band = Vec::with_capacity(BAND_ROWS * stride);
            while let Some(row) = reader.next_row()? {
                band.extend_from_slice(row.data());
                if band.len() == BAND_ROWS * stride {
                    let full = std::mem::replace(&mut band, Vec::with_capacity(BAND_ROWS * stride));
                    if bands.send(full).is_err() {
                        return Ok(());
                    }
                }
            }
            if !band.is_empty() {
                let _ = bands.send(band);
            }
            Ok(())
        });
        let encoding = marks_error("encoding the marked frame");
        let mut bytes = Vec::with_capacity(png.len() + png.len() / 2);
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        // Fast deflate with the Sub filter: the speed-first choice, like CDP's own fast path.
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Sub);
        let mut header = encoder.write_header().map_err(|error| encoding(&error))?;
        let mut writer = header.stream_writer().map_err(|error| encoding(&error))?;
        let mut top = 0u32;
        for mut band in received {
            let rows = (band.len() / stride) as u32;
            Canvas {
                pixels: &mut band,
                width,
                height: rows,
                channels,
                top,
            }
            .draw(font, plan);
            std::io::Write::write_all(&mut writer, &band).map_err(|error| encoding(&error))?;
            top += rows;
        }
        decoder_thread
            .join()
            .map_err(|_| BrowserError::Marks("the decoding thread panicked".into()))?
            .map_err(|error| decoding(&error))?;
        if top != height {
            return Err(BrowserError::Marks(format!(
                "the captured frame ended after {top} of {height} rows"
            )));
        }
        writer.finish().map_err(|error| encoding(&error))?;
        header.finish().map_err(|error| encoding(&error))?;
        Ok(Some(bytes))
    })
}

/// Decodes the whole frame, draws on it and encodes it again (JPEG, and PNGs the banded
/// path does not take).
fn whole_frame(
    frame: &Screenshot,
    font: &FontVec,
    plan: &MarkPlan,
    jpeg_quality: u8,
) -> Result<Vec<u8>, BrowserError> {
    let decoded = image::load_from_memory_with_format(
        &frame.bytes,
        match frame.format {
            ImageFormat::Png => image::ImageFormat::Png,
            ImageFormat::Jpeg => image::ImageFormat::Jpeg,
        },
    )
    .map_err(|error| marks_error("decoding the captured frame")(&error))?;
    let (width, height) = (decoded.width(), decoded.height());
    let (mut pixels, colour_type, channels) = match decoded {
        image::DynamicImage::ImageRgb8(rgb) => (rgb.into_raw(), image::ExtendedColorType::Rgb8, 3),
        other => (
            other.into_rgba8().into_raw(),
            image::ExtendedColorType::Rgba8,
            4,
        ),
    };
    Canvas {
        pixels: &mut pixels,
        width,
        height,
        channels,
        top: 0,
    }
    .draw(font, plan);
    let encoding = marks_error("encoding the marked frame");
    let mut bytes = Vec::with_capacity(frame.bytes.len() + frame.bytes.len() / 4);
    match frame.format {
        ImageFormat::Png => {
            PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Sub)
                .write_image(&pixels, width, height, colour_type)
                .map_err(|error| encoding(&error))?;
        }
        ImageFormat::Jpeg => {
            let side = |pixels: u32| {
                u16::try_from(pixels).map_err(|_| {
                    BrowserError::Marks(format!("a {width}×{height} frame is too large for JPEG"))
                })
            };
            let colour = match channels {
                3 => jpeg_encoder::ColorType::Rgb,
                _ => jpeg_encoder::ColorType::Rgba,
            };
            jpeg_encoder::Encoder::new(&mut bytes, jpeg_quality.clamp(1, 100))
                .encode(&pixels, side(width)?, side(height)?, colour)
                .map_err(|error| encoding(&error))?;
        }
    }
    Ok(bytes)
}

/// What to draw on a frame: the marked elements, the viewport in CSS px and the page's
/// devicePixelRatio.
pub(super) struct FrameMarks {
    pub elements: Vec<SomElement>,
    pub viewport: (f64, f64),
    pub scale: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::paint::tests::element;

    fn marks() -> FrameMarks {
        let element = |id: u32, x: f64, y: f64| element(id, x, y, 120.0, 90.0);
        FrameMarks {
            elements: vec![
                element(0, 10.0, 5.0),
                element(12, 150.0, 60.0),
                element(7, 40.0, 120.0),
            ],
            viewport: (320.0, 200.0),
            scale: 1.0,
        }
    }

    fn png_frame(colour: png::ColorType, channels: usize) -> Screenshot {
        let (width, height) = (320u32, 200u32);
        let pixels: Vec<u8> = (0..width as usize * height as usize * channels)
            .map(|index| (index * 7 % 253) as u8)
            .collect();
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(colour);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(&pixels).expect("pixels");
        writer.finish().expect("finish");
        Screenshot {
            format: ImageFormat::Png,
            bytes,
        }
    }

    #[test]
    fn a_png_frame_marked_band_by_band_decodes_to_the_same_pixels_as_one_marked_whole() {
        let font = imagery::bold_face().expect("fonts-dejavu-core installed");
        for (colour, channels) in [(png::ColorType::Rgb, 3), (png::ColorType::Rgba, 4)] {
            let frame = png_frame(colour, channels);
            let plan = MarkPlan::new(&marks().elements, (320.0, 200.0), 1.0);
            let banded = banded_png(&frame.bytes, font, &plan)
                .expect("drawn")
                .expect("an 8-bit RGB(A) PNG takes the banded path");
            let whole = whole_frame(&frame, font, &plan, 80).expect("drawn");
            let decode = |bytes: &[u8]| image::load_from_memory(bytes).expect("a PNG").into_rgba8();
            let (banded, whole, clean) = (decode(&banded), decode(&whole), decode(&frame.bytes));
            assert_eq!(banded.dimensions(), (320, 200));
            assert!(
                banded == whole,
                "{colour:?}: the banded path drew other pixels"
            );
            assert!(banded != clean, "{colour:?}: no marks were drawn");
        }
    }

    #[test]
    fn a_truncated_png_frame_is_an_error_not_a_panic() {
        let frame = png_frame(png::ColorType::Rgb, 3);
        let cut = Screenshot {
            format: ImageFormat::Png,
            bytes: frame.bytes[..frame.bytes.len() / 2].to_vec(),
        };
        let error = mark_frame(&cut, &marks(), 80).expect_err("half a PNG cannot be drawn on");
        assert!(matches!(error, BrowserError::Marks(_)), "{error}");
    }
}
