//! Words the generator builds listings from: makes and models, details, and the phrases
//! people use in classified ads. Text may use `{a|b|c}` to pick one alternative.
//!
//! No phrase may name a colour: a listing's colour appears in its text only when the
//! generator decides to say it, so "colour only in the photo" listings stay truthful.

use imagery::{Drawing, Model, drawing_for};

/// What one kind of goods in one category looks like in ads.
#[derive(Debug)]
pub struct Goods {
    /// The leaf category listings go to.
    pub category: i64,
    /// What the photos show, as the noun the kit finds their drawing by ("vehicle",
    /// "patio chair"): the one table from goods to drawing is the kit's.
    pub subject: &'static str,
    /// Relative share of all listings.
    pub weight: u32,
    /// The noun appended to titles (empty when the model says it all, as for cars).
    pub noun: &'static str,
    /// Makes (brands) with their models.
    pub makes: &'static [(&'static str, &'static [&'static str])],
    /// Price range in dollars.
    pub price: (u32, u32),
    /// Whether titles start with a model year.
    pub with_year: bool,
    /// Whether a listing may be a set of several (photos then show that many).
    pub sets: bool,
    /// Facts about the item, one sentence fragment each.
    pub details: &'static [&'static str],
}

/// The catalogue of goods, by category.
pub const GOODS: &[Goods] = &[
    Goods {
        category: 2,
        subject: "vehicle",
        weight: 14,
        noun: "",
        makes: &[
            (
                "Honda",
                &["Civic", "Accord", "CR-V", "Fit", "Pilot", "Odyssey"],
            ),
            (
                "Toyota",
                &["Camry", "Corolla", "RAV4", "Tacoma", "Prius", "Highlander"],
            ),
            (
                "Ford",
                &["F-150", "Focus", "Escape", "Fusion", "Mustang", "Explorer"],
            ),
            (
                "Chevrolet",
                &["Malibu", "Equinox", "Impala", "Cruze", "Tahoe", "Colorado"],
            ),
            (
                "Subaru",
                &["Outback", "Forester", "Impreza", "Crosstrek", "Legacy"],
            ),
            (
                "Jeep",
                &[
                    "Wrangler",
                    "Cherokee",
                    "Grand Cherokee",
                    "Compass",
                    "Liberty",
                ],
            ),
            (
                "Nissan",
                &["Altima", "Sentra", "Rogue", "Frontier", "Murano"],
            ),
            ("Hyundai", &["Elantra", "Sonata", "Tucson", "Santa Fe"]),
            ("Mazda", &["Mazda3", "CX-5", "MX-5 Miata", "Mazda6"]),
            ("Volkswagen", &["Jetta", "Golf", "Passat", "Tiguan"]),
            ("Kia", &["Soul", "Optima", "Sorento", "Forte"]),
            (
                "Dodge",
                &["Ram 1500", "Grand Caravan", "Charger", "Durango"],
            ),
        ],
        price: (1500, 32000),
        with_year: true,
        sets: false,
        details: &[
            "{48|67|86|103|121|138|156|172|189}k miles on it",
            "automatic transmission",
            "manual transmission, clutch feels good",
            "clean title in hand",
            "new tires this {spring|fall|summer}",
            "new brakes and rotors all around",
            "oil changed every {3,000|5,000} miles",
            "A/C blows cold",
            "passed state inspection {in March|last month|in the fall}",
            "no check engine lights",
            "{one|two}-owner vehicle",
            "heated seats",
            "backup camera",
            "towing package",
            "all-wheel drive, great in snow",
            "timing belt done at {90|100|105}k",
            "some surface rust on the rocker panels",
            "small dent on the rear bumper",
            "runs and drives great",
            "remote start",
            "third-row seating",
            "Bluetooth and navigation",
            "{4|6}-cylinder engine",
        ],
    },
    Goods {
        category: 3,
        subject: "motorcycle",
        weight: 5,
        noun: "",
        makes: &[
            ("Honda", &["CBR500R", "Shadow 750", "Rebel 300", "CB650R"]),
            ("Yamaha", &["YZF-R6", "MT-07", "V-Star 650", "Bolt"]),
            ("Kawasaki", &["Ninja 400", "Vulcan 900", "Z650", "KLR650"]),
            (
                "Harley-Davidson",
                &["Sportster 883", "Street Glide", "Fat Boy", "Softail Slim"],
            ),
            ("Suzuki", &["GSX-R600", "SV650", "Boulevard C50", "DR650"]),
            (
                "Triumph",
                &["Bonneville T100", "Street Triple", "Tiger 800"],
            ),
            ("Ducati", &["Monster 821", "Scrambler Icon"]),
        ],
        price: (1800, 16000),
        with_year: true,
        sets: false,
        details: &[
            "{3,200|6,800|11,400|18,900|24,300} miles",
            "new battery",
            "fresh tires",
            "garage kept",
            "aftermarket exhaust, stock pipes included",
            "saddlebags included",
            "clean title",
            "two helmets included",
            "ABS brakes",
            "just serviced",
            "windshield and crash bars",
            "never dropped",
            "starts right up",
        ],
    },
    Goods {
        category: 4,
        subject: "bike",
        weight: 8,
        noun: "bike",
        makes: &[
            ("Trek", &["FX 2", "Marlin 5", "Domane AL 2", "Verve 1"]),
            (
                "Specialized",
                &["Rockhopper", "Sirrus", "Allez", "Stumpjumper"],
            ),
            ("Giant", &["Escape 3", "Talon 2", "Contend", "Defy"]),
            ("Cannondale", &["Quick 4", "Trail 5", "CAAD8"]),
            ("Schwinn", &["Wayfarer", "Discover", "Sidewinder"]),
            ("Raleigh", &["Cadent", "Talus"]),
            ("Diamondback", &["Overdrive", "Insight"]),
            ("Fuji", &["Absolute", "Nevada"]),
        ],
        price: (60, 1800),
        with_year: false,
        sets: false,
        details: &[
            "{20|24|26|27.5|29} inch wheels",
            "{small|medium|large|54 cm|56 cm} frame",
            "{7|18|21|24|27}-speed drivetrain",
            "hydraulic disc brakes",
            "front suspension fork",
            "aluminum frame",
            "new chain and cables",
            "kickstand and rear rack included",
            "recently tuned up at a local shop",
            "bottle cage and lights included",
            "tires hold air fine",
            "shifts smoothly through every gear",
        ],
    },
    Goods {
        category: 5,
        subject: "kayak",
        weight: 4,
        noun: "kayak",
        makes: &[
            ("Old Town", &["Loon 106", "Vapor 10", "Sportsman 120"]),
            (
                "Perception",
                &["Pescador Pro 12", "Joyride 10", "Tribe 9.5"],
            ),
            ("Pelican", &["Maxim 100X", "Sentinel 100X", "Catch 120"]),
            (
                "Wilderness Systems",
                &["Pungo 120", "Tarpon 105", "Aspire 105"],
            ),
            ("Sun Dolphin", &["Aruba 10", "Bali SS"]),
            ("Lifetime", &["Tamarack 100", "Lotus 80"]),
        ],
        price: (120, 1400),
        with_year: false,
        sets: false,
        details: &[
            "{8|10|10.5|12|14} feet long",
            "sit-inside cockpit",
            "sit-on-top design",
            "paddle included",
            "adjustable padded seat",
            "rod holders for fishing",
            "dry storage hatch",
            "tracks straight and paddles easily",
            "weighs about {35|44|52|60} pounds",
            "roof rack foam blocks included",
            "no cracks or leaks",
            "some scratches on the hull from normal use",
        ],
    },
    Goods {
        category: 7,
        subject: "phone",
        weight: 8,
        noun: "",
        makes: &[
            (
                "Apple",
                &[
                    "iPhone 11",
                    "iPhone 12",
                    "iPhone 13 Pro",
                    "iPhone SE",
                    "iPhone XR",
                    "iPhone 14",
                ],
            ),
            (
                "Samsung",
                &[
                    "Galaxy S21",
                    "Galaxy S20 FE",
                    "Galaxy A52",
                    "Galaxy Note 10",
                    "Galaxy S22 Ultra",
                ],
            ),
            ("Google", &["Pixel 6", "Pixel 5a", "Pixel 7"]),
            ("Motorola", &["Moto G Power", "Edge"]),
            ("OnePlus", &["8T", "9 Pro", "Nord N20"]),
        ],
        price: (60, 900),
        with_year: false,
        sets: false,
        details: &[
            "{64|128|256}GB storage",
            "unlocked for any carrier",
            "battery health {86|89|91|94}%",
            "screen has no cracks",
            "comes with charger and case",
            "factory reset and ready to go",
            "small scratch on the back",
            "original box included",
            "screen protector installed since day one",
            "face unlock and fingerprint work",
        ],
    },
    Goods {
        category: 8,
        subject: "laptop",
        weight: 8,
        noun: "laptop",
        makes: &[
            ("Dell", &["XPS 13", "Inspiron 15", "Latitude 5420"]),
            ("Lenovo", &["ThinkPad T480", "IdeaPad 5", "Yoga 7"]),
            ("HP", &["Pavilion 15", "EliteBook 840", "Envy x360"]),
            (
                "Apple",
                &["MacBook Air", "MacBook Pro 13", "MacBook Pro 16"],
            ),
            ("Asus", &["ZenBook 14", "VivoBook 15", "ROG Strix G15"]),
            ("Acer", &["Aspire 5", "Swift 3", "Nitro 5"]),
            ("Microsoft", &["Surface Laptop 4"]),
        ],
        price: (120, 2200),
        with_year: false,
        sets: false,
        details: &[
            "{8|16|32}GB RAM",
            "{256|512}GB SSD",
            "1TB SSD",
            "Intel Core i{5|7} processor",
            "Ryzen {5|7} processor",
            "{13.3|14|15.6}-inch display",
            "battery lasts about {4|6|8} hours",
            "Windows 11 freshly installed",
            "charger included",
            "backlit keyboard",
            "keyboard and trackpad work perfectly",
            "touchscreen",
            "small scuff on the lid",
        ],
    },
    Goods {
        category: 9,
        subject: "tv",
        weight: 6,
        noun: "TV",
        makes: &[
            ("Samsung", &["Crystal UHD", "QLED Q60"]),
            ("LG", &["OLED C1", "NanoCell 80", "UHD 70"]),
            ("Sony", &["Bravia X80J", "Bravia X90K"]),
            ("TCL", &["4-Series", "6-Series"]),
            ("Vizio", &["V-Series", "M-Series"]),
            ("Hisense", &["U6H", "A6"]),
        ],
        price: (60, 1500),
        with_year: false,
        sets: false,
        details: &[
            "{32|43|50|55|65|75} inch screen",
            "4K UHD with HDR",
            "smart TV with the usual streaming apps",
            "remote included",
            "wall mount included",
            "original stand included",
            "no dead pixels",
            "three HDMI ports",
            "picture is sharp and bright",
        ],
    },
    Goods {
        category: 11,
        subject: "sofa",
        weight: 5,
        noun: "sofa",
        makes: &[
            ("IKEA", &["Kivik", "Ektorp", "Friheten"]),
            ("Ashley", &["Darcy", "Larkinhurst"]),
            ("West Elm", &["Harmony", "Hamilton"]),
            ("La-Z-Boy", &["Collins", "Pinnacle"]),
            ("Pottery Barn", &["Pearce", "York"]),
        ],
        price: (80, 1600),
        with_year: false,
        sets: false,
        details: &[
            "{2|3}-seat",
            "{72|84|90|96} inches wide",
            "removable cushion covers",
            "no stains or tears",
            "pull-out sleeper",
            "sturdy hardwood frame",
            "fits in a pickup truck",
            "cushions are still firm",
        ],
    },
    Goods {
        category: 11,
        subject: "chair",
        weight: 4,
        noun: "chair",
        makes: &[
            ("IKEA", &["Poang", "Strandmon", "Markus"]),
            ("Herman Miller", &["Aeron", "Sayl"]),
            ("Steelcase", &["Leap", "Series 1"]),
            ("Ashley", &["accent", "dining"]),
            ("Pottery Barn", &["Aaron", "Linden"]),
        ],
        price: (25, 900),
        with_year: false,
        sets: true,
        details: &[
            "solid wood legs",
            "adjustable height",
            "lumbar support",
            "no wobble",
            "upholstered seat in good shape",
            "easy to assemble",
            "armrests adjust",
            "comfortable for long days",
        ],
    },
    Goods {
        category: 11,
        subject: "table",
        weight: 4,
        noun: "table",
        makes: &[
            ("IKEA", &["Lack", "Ingatorp", "Ekedalen"]),
            ("Pottery Barn", &["Benchwright", "Toscana"]),
            ("Ashley", &["Bolanburg", "Ralene"]),
            ("Crate and Barrel", &["Basque", "Lakeside"]),
            ("West Elm", &["Mid-Century", "Emmerson"]),
        ],
        price: (30, 1400),
        with_year: false,
        sets: false,
        details: &[
            "seats {4|6|8}",
            "solid wood top",
            "extension leaf included",
            "{36|48|60|72} inches long",
            "minor scratches on the top",
            "legs unscrew for transport",
            "very sturdy",
        ],
    },
    Goods {
        category: 12,
        subject: "lamp",
        weight: 5,
        noun: "lamp",
        makes: &[
            ("IKEA", &["Hektar floor", "Ranarp desk", "Arstid table"]),
            ("Threshold", &["arc floor", "ceramic table"]),
            ("Pottery Barn", &["Chelsea", "Clark"]),
            ("West Elm", &["Sculptural Glass", "Asymmetry"]),
            ("Brightech", &["Sky LED", "Sparq LED"]),
        ],
        price: (10, 400),
        with_year: false,
        sets: false,
        details: &[
            "LED bulb included",
            "{3|4|5}-way dimmer",
            "{20|28|58|65} inches tall",
            "adjustable arm",
            "linen drum shade",
            "works perfectly",
            "brass finish on the base",
            "cord in good shape",
        ],
    },
    Goods {
        category: 13,
        subject: "patio chair",
        weight: 3,
        noun: "patio chair",
        makes: &[
            ("Polywood", &["Classic Adirondack", "Vineyard"]),
            ("Hampton Bay", &["Spring Haven", "Statesville"]),
            ("Keter", &["Alfresco", "Pacific"]),
            ("Adirondack", &["cedar", "poly lumber"]),
        ],
        price: (20, 600),
        with_year: false,
        sets: true,
        details: &[
            "weather-resistant",
            "all-weather wicker",
            "cushions included",
            "stacks for winter storage",
            "kept in the garage over winter",
            "no cracks in the slats",
        ],
    },
    Goods {
        category: 13,
        subject: "patio table",
        weight: 2,
        noun: "patio table",
        makes: &[
            ("Hampton Bay", &["Spring Haven", "Statesville"]),
            ("Polywood", &["Nautical", "La Casa"]),
            ("Keter", &["Harmony", "Marvel"]),
        ],
        price: (30, 900),
        with_year: false,
        sets: false,
        details: &[
            "umbrella hole in the center",
            "teak top",
            "seats {4|6}",
            "glass top with no chips",
            "powder-coated aluminum frame",
            "kept covered when not in use",
        ],
    },
    Goods {
        category: 15,
        subject: "jacket",
        weight: 8,
        noun: "jacket",
        makes: &[
            ("The North Face", &["Denali fleece", "Thermoball", "Nuptse"]),
            (
                "Patagonia",
                &["Nano Puff", "Better Sweater", "Torrentshell"],
            ),
            ("Columbia", &["Bugaboo", "Watertight"]),
            ("Carhartt", &["Detroit", "Active"]),
            ("Levi's", &["trucker", "sherpa"]),
            ("L.L.Bean", &["Baxter State", "Mountain Classic"]),
        ],
        price: (15, 450),
        with_year: false,
        sets: false,
        details: &[
            "size {XS|S|M|L|XL|XXL}",
            "men's cut",
            "women's cut",
            "worn only a few times",
            "no rips or stains",
            "fully waterproof",
            "insulated for winter",
            "zip-off hood",
            "machine washable",
            "from a smoke-free home",
        ],
    },
    Goods {
        category: 16,
        subject: "shoes",
        weight: 6,
        noun: "shoes",
        makes: &[
            ("Nike", &["Air Max 90", "Air Force 1", "Pegasus 39"]),
            ("Adidas", &["Ultraboost", "Stan Smith", "Samba"]),
            ("New Balance", &["990v5", "574"]),
            ("Converse", &["Chuck Taylor"]),
            ("Vans", &["Old Skool", "Sk8-Hi"]),
            ("Timberland", &["6-inch"]),
            ("Dr. Martens", &["1460"]),
            ("Brooks", &["Ghost 14"]),
            ("Asics", &["Gel-Kayano 28"]),
        ],
        price: (15, 350),
        with_year: false,
        sets: false,
        details: &[
            "size {7|8|8.5|9|9.5|10|10.5|11|12}",
            "worn twice",
            "original box included",
            "barely any sole wear",
            "men's sizing",
            "women's sizing",
            "cleaned and ready to wear",
            "laces replaced",
        ],
    },
    Goods {
        category: 18,
        subject: "guitar",
        weight: 6,
        noun: "guitar",
        makes: &[
            (
                "Fender",
                &[
                    "Stratocaster",
                    "Telecaster",
                    "Player Jazzmaster",
                    "CD-60S acoustic",
                ],
            ),
            ("Gibson", &["Les Paul Studio", "SG Standard", "J-45"]),
            ("Epiphone", &["Les Paul Standard", "Casino", "Dove Pro"]),
            ("Yamaha", &["FG800", "Pacifica 112V", "APX600"]),
            ("Taylor", &["114ce", "GS Mini"]),
            ("Ibanez", &["RG421", "AS53"]),
            ("Martin", &["D-15M", "LX1"]),
        ],
        price: (80, 2800),
        with_year: false,
        sets: false,
        details: &[
            "hard case included",
            "gig bag included",
            "new strings",
            "low action, plays great",
            "professionally set up",
            "no cracks in the body",
            "small ding on the headstock",
            "pickups sound great",
            "comes with strap and tuner",
        ],
    },
    Goods {
        category: 19,
        subject: "antique lamp",
        weight: 2,
        noun: "antique lamp",
        makes: &[
            ("Tiffany-style", &["stained glass", "dragonfly"]),
            ("Art Deco", &["brass", "chrome"]),
            ("Victorian", &["oil", "banquet"]),
        ],
        price: (40, 1200),
        with_year: false,
        sets: false,
        details: &[
            "rewired for safety",
            "from the {1920s|1930s|1950s}",
            "original patina",
            "estate sale find",
            "glass shade has no chips",
        ],
    },
    Goods {
        category: 19,
        subject: "antique chair",
        weight: 2,
        noun: "antique chair",
        makes: &[
            ("Thonet", &["bentwood", "cafe"]),
            ("Windsor", &["hoop-back", "comb-back"]),
            ("Victorian", &["parlor", "carved oak"]),
        ],
        price: (40, 1500),
        with_year: false,
        sets: true,
        details: &[
            "solid and sturdy",
            "from the {1890s|1910s|1940s}",
            "original finish",
            "joints recently reglued",
            "estate sale find",
        ],
    },
    Goods {
        category: 19,
        subject: "antique table",
        weight: 2,
        noun: "antique table",
        makes: &[
            ("Mission-style", &["oak library", "side"]),
            ("Duncan Phyfe", &["drop-leaf", "pedestal"]),
            ("Stickley", &["trestle", "end"]),
        ],
        price: (60, 2400),
        with_year: false,
        sets: false,
        details: &[
            "solid oak",
            "from the {1900s|1920s|1940s}",
            "original hardware",
            "refinished top",
            "estate sale find",
        ],
    },
];

/// The drawing a model's photos use, by model name, where the name says what the item
/// looks like (a Tacoma is a pickup, a Shadow 750 a cruiser, a Les Paul a single-cut
/// guitar). Models not listed are drawn in any of their kind's templates.
pub const FAMILIES: &[(&str, &str)] = &[
    // Cars.
    ("Civic", "sedan"),
    ("Accord", "sedan"),
    ("Camry", "sedan"),
    ("Corolla", "sedan"),
    ("Fusion", "sedan"),
    ("Mustang", "sedan"),
    ("Malibu", "sedan"),
    ("Impala", "sedan"),
    ("Cruze", "sedan"),
    ("Impreza", "sedan"),
    ("Legacy", "sedan"),
    ("Altima", "sedan"),
    ("Sentra", "sedan"),
    ("Elantra", "sedan"),
    ("Sonata", "sedan"),
    ("Mazda6", "sedan"),
    ("MX-5 Miata", "sedan"),
    ("Jetta", "sedan"),
    ("Passat", "sedan"),
    ("Optima", "sedan"),
    ("Forte", "sedan"),
    ("Charger", "sedan"),
    ("Fit", "hatchback"),
    ("Prius", "hatchback"),
    ("Focus", "hatchback"),
    ("Mazda3", "hatchback"),
    ("Golf", "hatchback"),
    ("Soul", "hatchback"),
    ("Tacoma", "pickup truck"),
    ("F-150", "pickup truck"),
    ("Colorado", "pickup truck"),
    ("Frontier", "pickup truck"),
    ("Ram 1500", "pickup truck"),
    ("CR-V", "SUV"),
    ("Pilot", "SUV"),
    ("RAV4", "SUV"),
    ("Highlander", "SUV"),
    ("Escape", "SUV"),
    ("Explorer", "SUV"),
    ("Equinox", "SUV"),
    ("Tahoe", "SUV"),
    ("Outback", "SUV"),
    ("Forester", "SUV"),
    ("Crosstrek", "SUV"),
    ("Wrangler", "SUV"),
    ("Cherokee", "SUV"),
    ("Grand Cherokee", "SUV"),
    ("Compass", "SUV"),
    ("Liberty", "SUV"),
    ("Rogue", "SUV"),
    ("Murano", "SUV"),
    ("Tucson", "SUV"),
    ("Santa Fe", "SUV"),
    ("CX-5", "SUV"),
    ("Tiguan", "SUV"),
    ("Sorento", "SUV"),
    ("Durango", "SUV"),
    ("Odyssey", "minivan"),
    ("Grand Caravan", "minivan"),
    // Motorcycles: faired and naked road bikes are drawn as sport bikes.
    ("CBR500R", "sport bike"),
    ("CB650R", "sport bike"),
    ("YZF-R6", "sport bike"),
    ("MT-07", "sport bike"),
    ("Ninja 400", "sport bike"),
    ("Z650", "sport bike"),
    ("GSX-R600", "sport bike"),
    ("SV650", "sport bike"),
    ("Street Triple", "sport bike"),
    ("Monster 821", "sport bike"),
    ("Shadow 750", "cruiser"),
    ("Rebel 300", "cruiser"),
    ("V-Star 650", "cruiser"),
    ("Bolt", "cruiser"),
    ("Vulcan 900", "cruiser"),
    ("Sportster 883", "cruiser"),
    ("Street Glide", "cruiser"),
    ("Fat Boy", "cruiser"),
    ("Softail Slim", "cruiser"),
    ("Boulevard C50", "cruiser"),
    ("Bonneville T100", "cruiser"),
    ("Tiger 800", "sport bike"),
    ("Scrambler Icon", "sport bike"),
    ("KLR650", "sport bike"),
    ("DR650", "sport bike"),
    // Bicycles.
    ("Domane AL 2", "road bike"),
    ("Allez", "road bike"),
    ("Contend", "road bike"),
    ("Defy", "road bike"),
    ("CAAD8", "road bike"),
    ("Cadent", "road bike"),
    ("Absolute", "road bike"),
    ("Marlin 5", "mountain bike"),
    ("Rockhopper", "mountain bike"),
    ("Stumpjumper", "mountain bike"),
    ("Talon 2", "mountain bike"),
    ("Trail 5", "mountain bike"),
    ("Sidewinder", "mountain bike"),
    ("Talus", "mountain bike"),
    ("Overdrive", "mountain bike"),
    ("Nevada", "mountain bike"),
    ("FX 2", "city bike with basket"),
    ("Verve 1", "city bike with basket"),
    ("Sirrus", "city bike with basket"),
    ("Escape 3", "city bike with basket"),
    ("Quick 4", "city bike with basket"),
    ("Wayfarer", "city bike with basket"),
    ("Discover", "city bike with basket"),
    ("Insight", "city bike with basket"),
    // Shoes.
    ("Air Max 90", "sneakers"),
    ("Air Force 1", "sneakers"),
    ("Pegasus 39", "sneakers"),
    ("Ultraboost", "sneakers"),
    ("Stan Smith", "sneakers"),
    ("Samba", "sneakers"),
    ("990v5", "sneakers"),
    ("574", "sneakers"),
    ("Chuck Taylor", "sneakers"),
    ("Old Skool", "sneakers"),
    ("Sk8-Hi", "sneakers"),
    ("Ghost 14", "sneakers"),
    ("Gel-Kayano 28", "sneakers"),
    ("6-inch", "boots"),
    ("1460", "boots"),
    // Guitars.
    ("Stratocaster", "electric guitar"),
    ("Player Jazzmaster", "electric guitar"),
    ("Telecaster", "single-cut electric guitar"),
    ("CD-60S acoustic", "acoustic guitar"),
    ("Les Paul Studio", "single-cut electric guitar"),
    ("Les Paul Standard", "single-cut electric guitar"),
    ("SG Standard", "electric guitar"),
    ("Pacifica 112V", "electric guitar"),
    ("RG421", "electric guitar"),
    ("Casino", "electric guitar"),
    ("AS53", "electric guitar"),
    ("J-45", "acoustic guitar"),
    ("Dove Pro", "acoustic guitar"),
    ("FG800", "acoustic guitar"),
    ("APX600", "acoustic guitar"),
    ("114ce", "acoustic guitar"),
    ("GS Mini", "acoustic guitar"),
    ("D-15M", "acoustic guitar"),
    ("LX1", "acoustic guitar"),
    // Jackets.
    ("Denali fleece", "zip hoodie"),
    ("Thermoball", "puffer jacket"),
    ("Nuptse", "puffer jacket"),
    ("Bugaboo", "puffer jacket"),
    ("Nano Puff", "puffer jacket"),
    ("Better Sweater", "zip hoodie"),
    // Lamps whose name says the kind.
    ("Hektar floor", "floor lamp"),
    ("Ranarp desk", "desk lamp"),
    ("Arstid table", "table lamp"),
    ("arc floor", "floor lamp"),
    ("ceramic table", "table lamp"),
    // Office chairs.
    ("Aeron", "office chair"),
    ("Sayl", "office chair"),
    ("Leap", "office chair"),
    ("Series 1", "office chair"),
    ("Markus", "office chair"),
    ("Poang", "armchair"),
    ("Strandmon", "armchair"),
];

impl Goods {
    /// The drawing the photos use: the kit's drawing of the subject (every goods has one; a
    /// test holds the vocabulary to it).
    pub fn drawing(&self) -> Option<Drawing> {
        drawing_for(self.subject)
    }
}

/// The model of object `model`'s photos show, if its name says one and it is one of
/// `drawing`'s.
pub fn family(drawing: &Drawing, model: &str) -> Option<Model> {
    let (_, name) = FAMILIES.iter().find(|(known, _)| *known == model)?;
    let shown = drawing.kind().model_named(name)?;
    drawing.includes(shown).then_some(shown)
}

/// How a seller opens an ad; `{item}` is the make, model and noun.
pub const OPENINGS: &[&str] = &[
    "Selling my {item}.",
    "Up for sale is a {item}.",
    "For sale: {item}.",
    "Moving out of state, so my {item} has to go.",
    "I have a {item} I no longer need.",
    "Upgraded recently and selling my {item}.",
    "Clearing out the garage: {item}.",
    "Offering a well cared for {item}.",
];

/// Condition phrases used in titles and text.
pub const CONDITIONS: &[&str] = &[
    "like new",
    "excellent",
    "very good",
    "good",
    "fair",
    "used but solid",
];

/// How sellers close an ad.
pub const CLOSINGS: &[&str] = &[
    "Cash only, pickup only.",
    "Can meet at a public place.",
    "Price is firm.",
    "Reasonable offers considered.",
    "Serious buyers only please.",
    "Message me with any questions.",
    "Venmo or cash accepted.",
    "First come, first served.",
    "No trades, please.",
    "Will hold with a deposit.",
];

/// Comment headings (the comment's title).
pub const COMMENT_TITLES: &[&str] = &[
    "Question",
    "Still available?",
    "Offer",
    "Interested",
    "Great seller",
    "Price?",
    "Pickup question",
    "Thanks!",
    "More pictures?",
    "Negotiable?",
    "Shipping",
    "Condition",
];

/// Comment bodies; `{noun}` is what is for sale.
pub const COMMENT_BODIES: &[&str] = &[
    "Is the {noun} still available? I could pick it up this weekend.",
    "Would you take a little less for the {noun}? I can pay cash today.",
    "Bought it last week, exactly as described. Smooth transaction.",
    "Could you post a few more photos of the {noun}?",
    "Any damage that is not shown in the pictures?",
    "Do you deliver, or is it pickup only?",
    "How long have you had the {noun}?",
    "Great communication and a fair price. Recommended.",
    "Can I come see it after work on Thursday?",
    "Is there any flexibility on the price?",
    "Does it come with everything shown in the pictures?",
    "Why are you selling it?",
];

/// Text sometimes printed on a photo (a sign, a sticker, a badge); never used in ad text.
pub const PRINTED: &[&str] = &[
    "SALE",
    "LOT 27",
    "NO. 48",
    "ACME",
    "MAX",
    "PRO 9",
    "V2",
    "TURBO",
    "OPEN HOUSE",
    "TAG 315",
    "ZX-7",
    "TRAIL",
    "SPORT",
    "ELITE",
    "GT",
    "NOVA",
    "ORBIT",
    "LOT 112",
    "STOCK 09",
    "EXPO",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_goods_subject_has_a_drawing_and_every_family_is_one_of_it() {
        let mut seen = std::collections::HashSet::new();
        for (model, name) in FAMILIES {
            assert!(seen.insert(*model), "{model} is listed twice");
            let goods: Vec<&Goods> = GOODS
                .iter()
                .filter(|goods| goods.makes.iter().any(|(_, models)| models.contains(model)))
                .collect();
            assert!(!goods.is_empty(), "{model} is no model of any goods");
            for goods in goods {
                let drawing = goods.drawing().expect("a drawing");
                assert_eq!(
                    family(&drawing, model).map(|shown| shown.name()),
                    Some(*name),
                    "{model}: a {} has no drawing called {name}",
                    goods.subject
                );
            }
        }
        for goods in GOODS {
            let drawing = goods.drawing();
            assert!(drawing.is_some(), "nothing draws a {}", goods.subject);
        }
    }

    #[test]
    fn every_vehicle_shoe_and_guitar_model_has_its_drawing() {
        for goods in GOODS.iter().filter(|goods| {
            ["vehicle", "motorcycle", "bike", "shoes", "guitar"].contains(&goods.subject)
        }) {
            let drawing = goods.drawing().expect("a drawing");
            for (make, models) in goods.makes {
                for model in *models {
                    assert!(
                        family(&drawing, model).is_some(),
                        "{make} {model} ({}) has no drawing",
                        goods.subject
                    );
                }
            }
        }
    }
}
