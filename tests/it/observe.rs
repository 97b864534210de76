//! Set-of-Marks observations in real Chromium: boxes, hidden and covered elements, id
//! stability, the SoM text and screenshots.

use crate::support::step_outcome;
use crate::support::{js, observation, run, som_id};
use agora::observe::{ImageFormat, ObserveOptions, ScreenshotKind};
use evaluators::Page;

#[test]
fn every_box_matches_the_dom_within_one_pixel() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let elements = observation(&episode).await.elements.clone();
        assert!(
            elements.len() >= 10,
            "expected the fixture's controls, got {}",
            elements.len()
        );
        for element in elements.iter().filter(|element| element.frame.is_empty()) {
            let rect = js(
                &episode,
                &format!(
                    "(() => {{ const r = document.querySelector('[data-agora-som=\"{}\"]').getBoundingClientRect(); \
                     return [r.left, r.top, r.width, r.height]; }})()",
                    element.id
                ),
            )
            .await;
            let dom: Vec<f64> = serde_json::from_value(rect).unwrap();
            let ours = [
                element.bbox.x,
                element.bbox.y,
                element.bbox.width,
                element.bbox.height,
            ];
            for (dom_value, our_value) in dom.iter().zip(ours) {
                assert!(
                    (dom_value - our_value).abs() <= 1.0,
                    "element {} box {ours:?} vs DOM {dom:?}",
                    element.id
                );
            }
        }
        crate::support::close(&episode).await;
    });
}

#[test]
fn hidden_offscreen_and_covered_elements_are_not_marked() {
    run(|harness| async move {
        let episode = harness.open("som.html").await;
        let marked = js(
            &episode,
            "[...document.querySelectorAll('[data-agora-som]')].map((element) => element.id).filter(Boolean)",
        )
        .await;
        let marked: Vec<String> = serde_json::from_value(marked).unwrap();
        for expected in [
            "visible",
            "card",
            "email-field",
            "image-link",
            "role-button",
        ] {
            assert!(
                marked.contains(&expected.to_owned()),
                "{expected} should be marked: {marked:?}"
            );
        }
        for hidden in [
            "display-none",
            "visibility-hidden",
            "zero-size",
            "aria-hidden",
            "offscreen",
            "covered",
        ] {
            assert!(
                !marked.contains(&hidden.to_owned()),
                "{hidden} must not be marked: {marked:?}"
            );
        }
        let observation = crate::support::observation(&episode).await;
        let text = observation.som_text();
        let lines: Vec<&str> = text.lines().collect();
        for (line, element) in lines.iter().zip(&observation.elements) {
            let expected = format!(
                "[{}] [{}] [{}]",
                element.id,
                element.tag.to_uppercase(),
                element.display_text()
            );
            assert_eq!(*line, expected, "the text lists the elements in order");
        }
        assert!(
            lines[observation.elements.len()..]
                .iter()
                .all(|line| line.starts_with("[] [StaticText] ["))
        );
        assert!(text.contains("[BUTTON] [Visible]"), "{text}");
        assert!(
            text.contains("[] [StaticText] [Plain paragraph text.]"),
            "{text}"
        );
        let image_link = observation
            .elements
            .iter()
            .find(|element| element.tag == "a")
            .unwrap();
        assert_eq!(
            image_link.name, "Kitten",
            "a link with only an image is named by its alt text"
        );
        let email = observation
            .elements
            .iter()
            .find(|element| element.tag == "input")
            .unwrap();
        assert_eq!(email.name, "Email");
        assert_eq!(email.placeholder.as_deref(), Some("you@example.com"));
        crate::support::close(&episode).await;
    });
}

#[test]
fn ids_are_stable_and_new_elements_get_higher_ids() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let first: Vec<_> = observation(&episode)
            .await
            .elements
            .iter()
            .map(|e| e.id)
            .collect();
        crate::support::observe(&episode, ObserveOptions::default()).await;
        let second: Vec<_> = observation(&episode)
            .await
            .elements
            .iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(first, second, "same page, same ids");
        let highest = first.iter().max().copied().unwrap();
        js(&episode, "(() => { const b = document.createElement('button'); b.id = 'fresh'; b.textContent = 'Fresh'; document.body.prepend(b); return 1; })()").await;
        crate::support::observe(&episode, ObserveOptions::default()).await;
        let fresh = som_id(&episode, "#fresh").await;
        assert!(
            fresh > highest,
            "new element got {fresh}, highest old id {highest}"
        );
        let counter_before = first[0];
        let third: Vec<_> = observation(&episode)
            .await
            .elements
            .iter()
            .map(|e| e.id)
            .collect();
        assert!(third.contains(&counter_before));
        crate::support::close(&episode).await;
    });
}

#[test]
fn screenshots_are_real_images_of_the_viewport_and_marks_change_pixels() {
    run(|harness| async move {
        let episode = harness.open("som.html").await;
        let options = ObserveOptions {
            screenshot: ScreenshotKind::Both,
            ..ObserveOptions::default()
        };
        let observation = crate::support::observe(&episode, options).await;
        let som = image::load_from_memory(&observation.som_screenshot.as_ref().unwrap().bytes)
            .unwrap()
            .to_rgb8();
        let clean = image::load_from_memory(&observation.clean_screenshot.as_ref().unwrap().bytes)
            .unwrap()
            .to_rgb8();
        assert_eq!(
            som.dimensions(),
            (1280, 2048),
            "VWA's default viewport at devicePixelRatio 1"
        );
        assert_eq!(clean.dimensions(), som.dimensions());
        let differing = som
            .pixels()
            .zip(clean.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            differing > 500,
            "marks must be drawn on the SoM screenshot ({differing} pixels differ)"
        );
        let jpeg = ObserveOptions {
            screenshot: ScreenshotKind::Clean,
            format: ImageFormat::Jpeg,
            jpeg_quality: 70,
            axtree: true,
        };
        let observation = crate::support::observe(&episode, jpeg).await;
        let bytes = &observation.clean_screenshot.as_ref().unwrap().bytes;
        assert_eq!(&bytes[..2], &[0xFF, 0xD8], "JPEG magic");
        let tree = observation.axtree.clone().unwrap();
        assert!(tree.contains("RootWebArea 'SoM cases'"), "{tree}");
        assert!(tree.contains("button 'Visible'"), "{tree}");
        assert_eq!(observation.tab_header(), "Tab 0 (current): SoM cases");
        crate::support::close(&episode).await;
    });
}

#[test]
fn drawn_boxes_land_on_the_elements_in_the_captured_frame() {
    run(|harness| async move {
        let episode = harness.open("marks.html").await;
        let nodes_before = js(&episode, "document.querySelectorAll('*').length").await;
        for format in [ImageFormat::Png, ImageFormat::Jpeg] {
            let options = ObserveOptions {
                screenshot: ScreenshotKind::Both,
                format,
                jpeg_quality: 95,
                axtree: false,
            };
            let observation = crate::support::observe(&episode, options).await;
            let decode = |shot: &Option<agora::observe::Screenshot>| {
                image::load_from_memory(&shot.as_ref().unwrap().bytes)
                    .unwrap()
                    .to_rgb8()
            };
            let (som, clean) = (
                decode(&observation.som_screenshot),
                decode(&observation.clean_screenshot),
            );
            // JPEG blurs edges a little; PNG must be exact.
            let tolerance = if format == ImageFormat::Png { 0 } else { 60 };
            let near = |pixel: &image::Rgb<u8>, colour: [u8; 3]| {
                pixel
                    .0
                    .iter()
                    .zip(colour)
                    .all(|(channel, want)| channel.abs_diff(want) <= tolerance)
            };
            assert_eq!(observation.elements.len(), 4, "{:?}", observation.elements);
            assert!(
                !observation.timings.recaptured,
                "{format:?}: a still page needs one capture"
            );
            for (index, element) in observation.elements.iter().enumerate() {
                let colour = agora::observe::mark_colour(index);
                let button = [0xd0, 0xd0, 0xd0];
                let bbox = element.bbox;
                let (left, top) = (bbox.x.round() as u32, bbox.y.round() as u32);
                let (right, bottom) = (
                    (bbox.x + bbox.width).round() as u32 - 1,
                    (bbox.y + bbox.height).round() as u32 - 1,
                );
                let (middle_x, middle_y) = ((left + right) / 2, (top + bottom) / 2);
                let edges = [
                    (left, middle_y),
                    (right, middle_y),
                    (middle_x, top),
                    (middle_x, bottom),
                ];
                for (x, y) in edges {
                    assert!(
                        near(som.get_pixel(x, y), colour),
                        "{format:?}: element {} edge pixel ({x}, {y}) is {:?}, want the mark colour {colour:?}",
                        element.id,
                        som.get_pixel(x, y)
                    );
                    assert!(
                        near(clean.get_pixel(x, y), button),
                        "{format:?}: the clean frame has no mark at ({x}, {y}): {:?}",
                        clean.get_pixel(x, y)
                    );
                }
                // The box is 2 px wide and exactly on the element: just inside and just
                // outside it, the SoM frame shows the page.
                for (x, y) in [(left + 3, middle_y), (right + 2, middle_y)] {
                    assert!(
                        near(som.get_pixel(x, y), clean.get_pixel(x, y).0),
                        "{format:?}: element {} pixel ({x}, {y}) must be the page's",
                        element.id
                    );
                }
            }
        }
        assert_eq!(
            js(&episode, "document.querySelectorAll('*').length").await,
            nodes_before,
            "the marks are drawn on the frame, never into the page"
        );
        // A page that keeps changing is caught between marking and capturing.
        js(
            &episode,
            "setInterval(() => { document.body.dataset.tick = String(performance.now()); }, 1) > 0",
        )
        .await;
        let observation = crate::support::observe(&episode, ObserveOptions::default()).await;
        assert!(
            observation.timings.recaptured,
            "the page changed around the capture"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn same_origin_iframe_elements_are_marked_with_offsets() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let observation = crate::support::observation(&episode).await;
        let inner = observation
            .elements
            .iter()
            .find(|element| element.name == "Inner button")
            .expect("iframe button marked");
        assert_eq!(inner.frame.len(), 1);
        let inner = inner.clone();
        let frame_rect: Vec<f64> = serde_json::from_value(
            js(&episode, "(() => { const r = document.getElementById('frame').getBoundingClientRect(); return [r.left, r.top]; })()").await,
        )
        .unwrap();
        // The frame has a 4 px border and the inner page a 10 px margin.
        assert!(
            (inner.bbox.x - (frame_rect[0] + 4.0 + 10.0)).abs() <= 1.0,
            "{:?} vs frame {frame_rect:?}",
            inner.bbox
        );
        assert!(
            (inner.bbox.y - (frame_rect[1] + 4.0 + 10.0)).abs() <= 1.0,
            "{:?} vs frame {frame_rect:?}",
            inner.bbox
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn wrapped_tall_and_partly_covered_elements_are_marked_and_covered_ones_are_not() {
    run(|harness| async move {
        let episode = harness.open("wrapped.html").await;
        // The cases are real: the centre of each box misses the element.
        let centre_misses = |id: &str| {
            format!(
                "(() => {{ const e = document.getElementById('{id}'); const r = e.getBoundingClientRect(); \
                 const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
                 return !e.contains(hit); }})()"
            )
        };
        assert_eq!(js(&episode, &centre_misses("wrapped")).await, true);
        assert_eq!(js(&episode, &centre_misses("partly")).await, true);
        assert_eq!(
            js(
                &episode,
                "document.getElementById('wrapped').getClientRects().length"
            )
            .await,
            2,
            "the link wraps onto two lines"
        );
        for marked in ["#wrapped", "#partly", "#tall-button", "#in-header"] {
            som_id(&episode, marked).await;
        }
        let observation = observation(&episode).await;
        assert!(
            !observation
                .elements
                .iter()
                .any(|element| element.name == "Hidden under the header"),
            "a link wholly under the fixed header is not marked"
        );
        let wrapped = observation
            .elements
            .iter()
            .find(|element| element.name == "a long link that wraps")
            .expect("the wrapped link is listed");
        // Lines are 40 px apart: the box spans both.
        assert!(
            wrapped.bbox.height > 40.0,
            "the mark is the link's bounding box over both lines: {:?}",
            wrapped.bbox
        );
        crate::support::close(&episode).await;
    });
}

/// The fixture tiles of `images.html` and the colour each shows once its image is painted.
const TOP_TILES: [(&str, [u8; 3]); 7] = [
    ("eager", [0xe0, 0x10, 0x10]),
    ("lazy", [0x10, 0xa0, 0x10]),
    ("picture", [0x10, 0x10, 0xe0]),
    ("srcset", [0xe0, 0x10, 0xe0]),
    ("backdrop", [0xf0, 0xa0, 0x00]),
    ("inline-backdrop", [0x80, 0x60, 0x20]),
    ("svg", [0x20, 0x80, 0x60]),
];
const BELOW_TILES: [(&str, [u8; 3]); 3] = [
    ("lazy-below", [0xc0, 0xc0, 0x00]),
    ("lazy-below-2", [0x00, 0xc0, 0xc0]),
    ("backdrop-below", [0x60, 0x00, 0xc0]),
];
/// The slowest image in view at the top of `images.html` and below the fold (ms).
const SLOWEST_TOP_MS: u64 = 1000;
const SLOWEST_BELOW_MS: u64 = 1500;
/// What settling may take beyond the slowest image: frames, decoding, a loaded machine.
const PAINT_MARGIN_MS: u64 = 1000;

/// The clean frame of the episode's last observation.
async fn clean_frame(episode: &agora::env::EpisodeHandle) -> image::RgbImage {
    let bytes = observation(episode)
        .await
        .clean_screenshot
        .expect("a clean screenshot")
        .bytes;
    image::load_from_memory(&bytes).unwrap().to_rgb8()
}

/// Asserts that `frame` (the page as it is now) shows each tile in its image's colour (the
/// page background is white), at the tile's centre and near two corners.
async fn assert_painted(
    episode: &agora::env::EpisodeHandle,
    frame: &image::RgbImage,
    tiles: &[(&str, [u8; 3])],
) {
    for (id, colour) in tiles {
        let rect = js(
            episode,
            &format!(
                "(() => {{ const r = document.getElementById('{id}').getBoundingClientRect(); \
                 return [r.left, r.top, r.right, r.bottom]; }})()"
            ),
        )
        .await;
        let [left, top, right, bottom]: [f64; 4] = serde_json::from_value(rect).unwrap();
        assert!(
            top >= 0.0 && bottom <= f64::from(frame.height()),
            "#{id} is in the viewport"
        );
        let points = [
            ((left + right) / 2.0, (top + bottom) / 2.0),
            (left + 8.0, top + 8.0),
            (right - 8.0, bottom - 8.0),
        ];
        for (x, y) in points {
            let pixel = frame.get_pixel(x as u32, y as u32).0;
            assert!(
                pixel
                    .iter()
                    .zip(colour)
                    .all(|(got, want)| got.abs_diff(*want) <= 6),
                "#{id} at ({x}, {y}) shows {pixel:?}, not its image's {colour:?}: not painted"
            );
        }
    }
}

#[test]
fn every_image_in_view_is_painted_before_the_capture_and_the_broken_one_is_reported() {
    run(|harness| async move {
        // The first observation of an episode.
        let episode = harness
            .try_open(harness.spec_720p("images.html"))
            .await
            .unwrap();
        assert_painted(&episode, &clean_frame(&episode).await, &TOP_TILES).await;
        crate::support::close(&episode).await;

        // A step that navigates, then one that scrolls lazy images into view.
        let episode = harness
            .try_open(harness.spec_720p("other.html"))
            .await
            .unwrap();
        let outcome =
            step_outcome(&episode, &format!("goto [{}]", harness.url("images.html"))).await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled, "{settle:?}");
        assert!(
            settle.waited_for.iter().any(|reason| reason == "images"),
            "{settle:?}"
        );
        assert_eq!(
            settle.broken_images,
            vec!["/delayed/300/missing.png".to_owned()],
            "the 404 is reported, not waited for"
        );
        assert!(
            settle.waited_ms < SLOWEST_TOP_MS + PAINT_MARGIN_MS,
            "settling waits for the slowest image and a frame, no more: {settle:?}"
        );
        assert_painted(&episode, &clean_frame(&episode).await, &TOP_TILES).await;

        let outcome = step_outcome(&episode, "scroll [down]").await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled, "{settle:?}");
        assert!(
            settle.waited_ms < SLOWEST_BELOW_MS + PAINT_MARGIN_MS,
            "{settle:?}"
        );
        assert!(settle.broken_images.is_empty(), "{settle:?}");
        assert_painted(&episode, &clean_frame(&episode).await, &BELOW_TILES).await;
        crate::support::close(&episode).await;
    });
}

#[test]
fn an_image_still_missing_at_the_cap_is_named_in_pending() {
    run(|harness| async move {
        let episode = harness.open("images.html").await;
        js(
            &episode,
            "(() => { const img = new Image(120, 120); img.src = '/delayed/10000/123456.png'; \
             document.getElementById('top').prepend(img); return 1; })()",
        )
        .await;
        let guard = episode.browser().await.unwrap();
        let policy = agora::browser::SettlePolicy {
            cap: std::time::Duration::from_millis(1000),
            ..harness.env.settle_policy()
        };
        let report = agora::browser::settle(&guard, policy).await.unwrap();
        assert!(!report.settled, "{report:?}");
        assert_eq!(
            report.pending,
            vec!["image /delayed/10000/123456.png".to_owned()],
            "{report:?}"
        );
        drop(guard);
        crate::support::close(&episode).await;
    });
}

#[test]
fn an_evaluators_capture_after_its_navigation_shows_every_image_painted() {
    run(|harness| async move {
        let episode = harness
            .try_open(harness.spec_720p("other.html"))
            .await
            .unwrap();
        let frame = {
            let guard = episode.browser().await.unwrap();
            let mut page = guard.page(harness.env.allowed());
            page.goto(&harness.url("images.html")).await.unwrap();
            let shot = agora::observe::capture(&guard, ImageFormat::Png, 0)
                .await
                .unwrap();
            image::load_from_memory(&shot.bytes).unwrap().to_rgb8()
        };
        assert_painted(&episode, &frame, &TOP_TILES).await;
        crate::support::close(&episode).await;
    });
}

#[test]
fn labels_cover_no_text_of_a_header_of_adjacent_links_at_the_top_edge() {
    run(|harness| async move {
        let episode = harness
            .try_open(harness.spec_720p("header.html"))
            .await
            .expect("episode starts");
        let observation = observation(&episode).await;
        let decode = |shot: &Option<agora::observe::Screenshot>| {
            image::load_from_memory(&shot.as_ref().expect("captured").bytes)
                .unwrap()
                .to_rgb8()
        };
        let (som, clean) = (
            decode(&observation.som_screenshot),
            decode(&observation.clean_screenshot),
        );
        std::fs::write(
            std::env::temp_dir().join("agora-header-som.png"),
            &observation.som_screenshot.as_ref().unwrap().bytes,
        )
        .ok();
        // Each link's text, as the page lays it out.
        let rects = js(
            &episode,
            "[...document.querySelectorAll('header a')].map((link) => { \
               const range = document.createRange(); range.selectNodeContents(link); \
               const box = range.getBoundingClientRect(); \
               return [link.textContent, box.left, box.top, box.right, box.bottom]; })",
        )
        .await;
        let rects = rects.as_array().expect("rects").clone();
        assert_eq!(rects.len(), 8);
        let marked = observation
            .elements
            .iter()
            .filter(|element| element.tag == "a")
            .count();
        assert_eq!(marked, 8, "every link is marked");
        for rect in rects {
            let text = rect[0].as_str().unwrap().to_owned();
            let edge = |index: usize| rect[index].as_f64().unwrap();
            // The box outline (2 px inside the element's box) may touch the text's edges;
            // nothing else drawn may.
            let (left, top) = ((edge(1) + 2.0).ceil() as u32, (edge(2) + 2.0).ceil() as u32);
            let (right, bottom) = (
                (edge(3) - 2.0).floor() as u32,
                (edge(4) - 2.0).floor() as u32,
            );
            let mut covered = 0;
            for y in top..bottom {
                for x in left..right {
                    if som.get_pixel(x, y) != clean.get_pixel(x, y) {
                        covered += 1;
                    }
                }
            }
            assert_eq!(
                covered, 0,
                "{covered} pixels of `{text}` are covered by a label"
            );
        }
        crate::support::close(&episode).await;
    });
}
