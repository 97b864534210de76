//! Writes developed photos of sample specs to a directory, for looking at them:
//! `cargo run --release -p imagery --example photos -- OUT_DIR [KIND ...]`.

use imagery::{Backdrop, ImageSpec, NamedColor, ObjectKind, Pattern, Picture, render_photo_png};

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().unwrap_or_else(|| "photos".into());
    let kinds: Vec<String> = args.collect();
    std::fs::create_dir_all(&out).expect("output directory");
    let colours = NamedColor::ALL;
    let patterns = [
        Pattern::Solid,
        Pattern::Striped,
        Pattern::Dotted,
        Pattern::Checkered,
    ];
    let mut n = 0usize;
    let mut sheet: Vec<image::RgbImage> = Vec::new();
    for kind in ObjectKind::ALL {
        if !kinds.is_empty() && !kinds.iter().any(|k| k == kind.noun()) {
            continue;
        }
        for (i, &model) in kind.models().iter().enumerate() {
            n += 1;
            let spec = ImageSpec {
                model,
                primary: colours[n % colours.len()],
                secondary: n
                    .is_multiple_of(3)
                    .then(|| colours[(n + 5) % colours.len()]),
                count: if n.is_multiple_of(5) { 2 } else { 1 },
                pattern: patterns[if n % 4 == 1 { n / 4 % 4 } else { 0 }],
                text: None,
                backdrop: Backdrop::at(n),
                variation: n as u64 * 7919,
            };
            let png = render_photo_png(&Picture::Product(spec), 640, 480).expect("render");
            let name = format!("{out}/{}-{i:02}.png", kind.noun().replace(' ', "_"));
            sheet.push(image::load_from_memory(&png).expect("decode").to_rgb8());
            std::fs::write(name, png).expect("write");
        }
    }
    // A contact sheet of every photo at thumbnail size (256×192), six to a row: a PNG to look
    // at, a JPEG for the docs.
    let (tw, th, cols) = (256u32, 192u32, 6u32);
    let rows = (sheet.len() as u32).div_ceil(cols).max(1);
    let mut contact = image::RgbImage::new(tw * cols, th * rows);
    for (i, photo) in sheet.iter().enumerate() {
        let tile = image::imageops::resize(photo, tw, th, image::imageops::FilterType::Triangle);
        let (x, y) = (i as u32 % cols * tw, i as u32 / cols * th);
        image::imageops::replace(&mut contact, &tile, i64::from(x), i64::from(y));
    }
    for name in ["sheet.png", "sheet.jpg"] {
        contact.save(format!("{out}/{name}")).expect("sheet");
    }
}
