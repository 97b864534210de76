use evaluators::ssim::{gray_ssim, image_ssim};
use image::{DynamicImage, GrayImage, RgbImage};
use std::time::Instant;

#[test]
fn speed() {
    let a = RgbImage::from_fn(512, 512, |x, y| {
        image::Rgb([(x ^ y) as u8, (x * 3) as u8, (y * 5) as u8])
    });
    let b = RgbImage::from_fn(512, 512, |x, y| {
        image::Rgb([(x + y) as u8, (x * 3) as u8, (y * 7) as u8])
    });
    let (da, db) = (DynamicImage::ImageRgb8(a), DynamicImage::ImageRgb8(b));
    let ga = GrayImage::from_fn(512, 512, |x, y| image::Luma([(x ^ y) as u8]));
    let gb = GrayImage::from_fn(512, 512, |x, y| image::Luma([(x + y) as u8]));
    let mut full = Vec::new();
    let mut gray = Vec::new();
    let mut resize = Vec::new();
    let small = DynamicImage::ImageRgb8(RgbImage::from_fn(256, 300, |x, y| {
        image::Rgb([(x ^ y) as u8, 0, 9])
    }));
    for _ in 0..50 {
        let t = Instant::now();
        image_ssim(&da, &db).unwrap();
        full.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        gray_ssim(&ga, &gb).unwrap();
        gray.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        image_ssim(&da, &small).unwrap();
        resize.push(t.elapsed().as_secs_f64() * 1e3);
    }
    for v in [&mut full, &mut gray, &mut resize] {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    }
    eprintln!(
        "p50 image_ssim 512 {:.2} ms, gray_ssim {:.2} ms, with resize {:.2} ms",
        full[25], gray[25], resize[25]
    );
}
