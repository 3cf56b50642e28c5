//! The puzzle of the day: one puzzle per calendar date, the same for every
//! player, made by the generator from a seed that is the date itself.
//!
//! * The date is the UTC date (so a player in Paris and one in Montreal
//!   share a puzzle whatever the hour; the new one comes at midnight UTC).
//! * The seed is the date written as a number, `YYYYMMDD`: the puzzle of
//!   12 May 2025 is `sudolens generate --seed 20250512` at that day's level.
//! * The level follows the week, as in newspapers: Monday Easy, Tuesday
//!   Medium, Wednesday Hard, Thursday Expert, Friday Master, Saturday
//!   Extreme, and a gentler Sunday, Medium.
//! * Givens are symmetric by a half turn, as in newspapers; not
//!   necessarily minimal.
//!
//! The puzzle depends on the generator and the rule engine that rates it,
//! so every copy of the same sudolens version gives the same puzzle for a
//! date; a version whose engine rates differently may pick another.

use super::{generate, generate_with, Cancelled, Generated, Options, Progress, Symmetry};
use crate::logic::Level;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// A date of the proleptic Gregorian calendar, years 1 to 9999.
///
/// ```
/// use sudolens::generate::{Date, Weekday};
///
/// let d: Date = "2025-05-12".parse().unwrap();
/// assert_eq!(d.weekday(), Weekday::Monday);
/// assert_eq!(d.to_string(), "2025-05-12");
/// assert!("2025-02-30".parse::<Date>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// The days of the week.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

impl Date {
    /// The date, or `None` when there is no such day (a 30 February, a
    /// year outside 1..=9999).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let leap =
            year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        ((1..=9999).contains(&year) && (1..=days_in_month).contains(&day)).then_some(Date {
            year,
            month,
            day,
        })
    }

    /// Today in UTC, by the system clock.
    pub fn today_utc() -> Date {
        let seconds = match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => d.as_secs() as i64,
            Err(before) => -(before.duration().as_secs() as i64) - 1,
        };
        Date::from_days_since_epoch(seconds.div_euclid(86_400))
    }

    pub fn year(self) -> u16 {
        self.year
    }

    pub fn month(self) -> u8 {
        self.month
    }

    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1 January 1970 (negative before), the count Unix time
    /// uses. Howard Hinnant's `days_from_civil`.
    pub fn days_since_epoch(self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `days` days after 1 January 1970, clamped to years
    /// 1..=9999. Howard Hinnant's `civil_from_days`.
    pub fn from_days_since_epoch(days: i64) -> Date {
        let first = Date::new(1, 1, 1).expect("valid").days_since_epoch();
        let last = Date::new(9999, 12, 31).expect("valid").days_since_epoch();
        let z = days.clamp(first, last) + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date::new(year as u16, month as u8, day as u8).expect("a day of the calendar")
    }

    pub fn weekday(self) -> Weekday {
        // 1 January 1970 was a Thursday.
        const FROM_MONDAY: [Weekday; 7] = [
            Weekday::Monday,
            Weekday::Tuesday,
            Weekday::Wednesday,
            Weekday::Thursday,
            Weekday::Friday,
            Weekday::Saturday,
            Weekday::Sunday,
        ];
        FROM_MONDAY[(self.days_since_epoch() + 3).rem_euclid(7) as usize]
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A date that is not `YYYY-MM-DD`, or no such day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDate(pub String);

impl fmt::Display for BadDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a date: expected YYYY-MM-DD, such as 2025-05-12",
            self.0
        )
    }
}

impl std::error::Error for BadDate {}

impl FromStr for Date {
    type Err = BadDate;

    /// `YYYY-MM-DD`, as ISO 8601 writes a calendar date.
    fn from_str(s: &str) -> Result<Date, BadDate> {
        let bad = || BadDate(s.to_string());
        let t = s.trim();
        let mut parts = t.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
            return Err(bad());
        }
        let number = |p: &str| p.parse::<u16>().map_err(|_| bad());
        Date::new(number(y)?, number(m)? as u8, number(d)? as u8).ok_or_else(bad)
    }
}

/// The puzzle of one day: its options and seed, to generate it (on a worker
/// thread, with progress and cancel, through [`DailyPuzzle::generate_with`]).
///
/// ```
/// use sudolens::generate::{Date, DailyPuzzle};
/// use sudolens::logic::Level;
///
/// let monday = DailyPuzzle::for_date("2025-05-12".parse().unwrap());
/// assert_eq!(monday.seed, 20250512);
/// assert_eq!(monday.options.level, Level::Easy);
/// let puzzle = monday.generate();
/// assert_eq!(puzzle.rating.level, Level::Easy);
/// assert_eq!(puzzle, monday.generate(), "the same for everyone");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyPuzzle {
    pub date: Date,
    pub options: Options,
    pub seed: u64,
}

impl DailyPuzzle {
    /// The puzzle of `date` (see the module's rules).
    pub fn for_date(date: Date) -> DailyPuzzle {
        let level = match date.weekday() {
            Weekday::Monday => Level::Easy,
            Weekday::Tuesday => Level::Medium,
            Weekday::Wednesday => Level::Hard,
            Weekday::Thursday => Level::Expert,
            Weekday::Friday => Level::Master,
            Weekday::Saturday => Level::Extreme,
            Weekday::Sunday => Level::Medium,
        };
        DailyPuzzle {
            date,
            options: Options {
                level,
                symmetry: Symmetry::Rotational,
                minimal: false,
                allow_solvable_subgrids: false,
            },
            seed: u64::from(date.year) * 10_000 + u64::from(date.month) * 100 + u64::from(date.day),
        }
    }

    /// Today's puzzle (UTC).
    pub fn today() -> DailyPuzzle {
        DailyPuzzle::for_date(Date::today_utc())
    }

    /// Generates it (up to a few seconds on Saturdays, at Extreme).
    pub fn generate(&self) -> Generated {
        generate(&self.options, self.seed)
    }

    /// Generates it with progress reports and a way to cancel, as
    /// [`generate_with`].
    pub fn generate_with(
        &self,
        on_progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Generated, Cancelled> {
        generate_with(&self.options, self.seed, on_progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_through_day_numbers() {
        assert_eq!(Date::new(1970, 1, 1).unwrap().days_since_epoch(), 0);
        assert_eq!(Date::from_days_since_epoch(0).to_string(), "1970-01-01");
        assert_eq!(Date::new(2000, 3, 1).unwrap().days_since_epoch(), 11_017);
        assert_eq!(Date::from_days_since_epoch(-1).to_string(), "1969-12-31");
        // 29 February of a leap year, and the years around the centuries.
        for s in [
            "2024-02-29",
            "2000-02-29",
            "1900-03-01",
            "0001-01-01",
            "9999-12-31",
        ] {
            let d: Date = s.parse().unwrap();
            assert_eq!(Date::from_days_since_epoch(d.days_since_epoch()), d, "{s}");
        }
        let mut day = Date::new(1899, 12, 25).unwrap().days_since_epoch();
        let mut previous = Date::from_days_since_epoch(day);
        while day < Date::new(2101, 1, 10).unwrap().days_since_epoch() {
            day += 1;
            let d = Date::from_days_since_epoch(day);
            assert!(d > previous);
            assert_eq!(d.days_since_epoch(), day);
            previous = d;
        }
    }

    #[test]
    fn weekdays_and_bad_dates() {
        assert_eq!(Date::new(1970, 1, 1).unwrap().weekday(), Weekday::Thursday);
        assert_eq!(Date::new(2000, 1, 1).unwrap().weekday(), Weekday::Saturday);
        assert_eq!(Date::new(2025, 5, 18).unwrap().weekday(), Weekday::Sunday);
        for bad in [
            "2025-13-01",
            "2023-02-29",
            "1900-02-29",
            "2025-5-12",
            "12/05/2025",
            "",
            "0000-01-01",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
        assert!("2024-02-29".parse::<Date>().is_ok());
    }

    #[test]
    fn the_level_follows_the_week_and_the_seed_the_date() {
        let week: Vec<Level> = (12..=18)
            .map(|d| {
                DailyPuzzle::for_date(Date::new(2025, 5, d).unwrap())
                    .options
                    .level
            })
            .collect();
        assert_eq!(
            week,
            [
                Level::Easy,
                Level::Medium,
                Level::Hard,
                Level::Expert,
                Level::Master,
                Level::Extreme,
                Level::Medium
            ]
        );
        let d = DailyPuzzle::for_date(Date::new(2025, 12, 31).unwrap());
        assert_eq!(d.seed, 20251231);
        assert_eq!(d.options.symmetry, Symmetry::Rotational);
    }
}
