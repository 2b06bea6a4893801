"""What the aids print, read back from the built PDFs (the RftG cards and pages, the score sheet,
the Xia economy and campaign cards): the items the audits of issues 10 and 20 found wrong, misleading or missing
are printed as the rulebooks state them (rulebook sections in comments)."""

from __future__ import annotations

import re

import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from tests.render_helpers import find_positions, pages, text

CARDS = (
    "invasion-summary",
    "invasion-end",
    "counterstrike-summary",
    "counterstrike-end",
    "frontier-summary",
    "card-powers",
    "rules-reference",
    "score-sheet",
    "strength-tables",
)
XIA_AIDS = (
    "economy-kiln-relics",
    "solo-campaign",
    "rolls-hazards",
    "campaign-log",
    "solo-round-end",
    "rules-reference",
)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The folder of the built print-shop PDFs (A4), and their file names by aid."""
    out = tmp_path_factory.mktemp("cards")
    files = {aid: f"rftg-{aid}" for aid in CARDS} | {f"xia-{aid}": f"xia-{aid}" for aid in XIA_AIDS}
    report = build(
        BuildOptions(
            content_dir=PROJECT_ROOT / "content",
            out_dir=out,
            jobs=1,
            only=tuple(files.values()),
            render=RenderOptions(paper="a4", mode="print-shop"),
        )
    )
    assert report.ok, [r.error for r in report.results if r.error]
    return out / "print-shop-a4", files


@pytest.fixture(scope="module")
def printed(built):
    folder, files = built
    texts = {aid: text(folder / f"{name}.pdf") for aid, name in files.items()}
    # the Xia aids also by their bare ids where no RftG aid has that id
    texts.update({aid: texts[f"xia-{aid}"] for aid in XIA_AIDS if aid not in CARDS})
    return texts


def test_discard_world_powers_both_discard_or_damage(printed):
    # xc: Discard World for Temporary Military, Play Notes
    assert (
        "Discard a world in your tableau (in a counterstrike game, damage it instead) for +6 "
        "temporary Military (Run-Amok Robots) or +2 temporary Military vs. Xenos (Scorched-Earth "
        "Defense) (card data)."
    ) in printed["card-powers"]
    assert "or (counterstrike game) damage one for +2" not in printed["card-powers"]


def test_invasion_card_states_contributions_bunker_and_empire_defeat(printed):
    card = printed["invasion-summary"]
    # xi: Contributing to the War Effort
    assert (
        "You may discard goods: each lowers the repulse value by 1 (never below 0) and gains 1 VP "
        "chip, kept on your bunker."
    ) in card
    # xi: Resolve Invasions
    assert "Bunker: discard 1 card for +2 temporary Defense vs. Xenos." in card
    assert ("All players lost – flip the empire defeat tile from 0 to 1; the second such round ends the game.") in card


def test_invasion_second_card_holds_strengths_and_the_5_vp_bonuses(printed):
    card = printed["invasion-end"]
    assert "−1, −1, 0, 0, 1, 1, 1, 2, 2, 3, 4" in card  # xi: Xeno Invasion Strengths
    assert "Greatest Admiral 5 VP to the highest Military vs. Xenos." in card  # xi: Game End
    assert "Every tied player scores 5 VP – one takes the tile, each other takes a 5 VP chip." in card
    assert "read literally, all tie at 0 and score 5 each" in card


def test_counterstrike_cards_state_game_end_tiles_and_conquest(printed):
    summary, end = printed["counterstrike-summary"], printed["counterstrike-end"]
    assert "Each player takes a Frontier/Conquest Settle card." in summary  # xc: Setup
    # xc: Game End
    assert "Never by tableau size or failed retaliations. Finish the round, then award the bonus tiles." in summary
    assert "every tied player scores 7 VP (tile to one, 7 VP in chips to each other)" in end
    # xc: Xeno Conquest; the Hive's temporary Military vs. Xenos (not Military vs. Xenos)
    assert "draw 1 Xeno system (reshuffle if needed) and attack it" in end
    assert "add any mix of temporary Military and temporary Military vs. Xenos ≥ the listed #" in end
    # the retaliation tile ruling, printed rather than referred to
    assert (
        "(Ruling: the rulebook's card and reset sentence swap these icons, which would end "
        "retaliation for good; after a retaliation, leave"
    ) in summary
    assert "see the rules reference" not in summary


def test_frontier_card_settle_cases(printed):
    card = printed["frontier-summary"]
    # xc: Setup, Game End, Frontier Settle
    assert "Deal each player 2 start worlds to choose from" in card
    assert "if that empties the pool, add the 10-VP chips – the game ends after that round" in card.replace(
        "10- VP", "10-VP"
    )  # "10-" may end a line
    assert "Fewer than 3 cards even then – draw them all." in card
    assert "settle normally instead, with the bonus draw if you place a world" in card
    assert "If you chose both Settle cards, the one on top when revealed goes first." in card


def test_audit_icon_meanings_are_also_words(printed):
    # the card-kind icons' letters are far below 6 pt: the hand-out order is printed in words too
    # (xc: Xeno Retaliation; xi: Assign Invasion cards). An unquoted " # " once cut this item short.
    summary = " ".join(printed["counterstrike-summary"].split())
    assert "M+X+# before # before M+# . Then move each stack's bottom disk to its top." in summary
    invasion = " ".join(printed["invasion-summary"].split())
    assert "Military+X before single digits . Then move" in invasion


def test_audit_conditions_kept(printed):
    summary = " ".join(printed["counterstrike-summary"].split())
    end = " ".join(printed["counterstrike-end"].split())
    frontier = " ".join(printed["frontier-summary"].split())
    # xc: Repulse, step 3: the numbers to add for 2-5 players
    assert "+33 / 42 / 52 / 61 for 2 / 3 / 4 / 5 players" in summary
    # xc: Xeno Conquest: with no Xeno systems left a 16+ tableau may Frontier settle
    assert "a Frontier settle instead, even with 16+ cards" in end
    assert "may be a standard settle (bonus draw) or a Frontier settle, even with 16+ cards" in summary
    # xc: Frontier Settle: the restriction holds whether or not a world was placed
    assert "Placed a world or not, you may not choose Frontier Settle next round" in frontier
    # xc: Game End: counterstrike scoring and Galactic Renaissance
    assert "Galactic Renaissance counts VP chips (war contributions too), never defense awards" in end


def test_issue_20_audit_findings_are_printed_as_the_rulebooks_state_them(printed):
    """Each finding of the issue 20 audit, as the built aids print it now (rulebook sections in
    the comments)."""
    cards = {aid: " ".join(text.split()) for aid, text in printed.items()}
    # xc: Xeno System Defense Values and Retaliation Attack Strengths (card table): M+X+# counts
    # Military once, with any specific Military vs. Xenos
    assert (
        "M+X+# is your Military vs. Xenos (Military with any specific Military vs. Xenos) + #."
        in cards["counterstrike-end"]
    )
    assert "Military + Military vs. Xenos" not in cards["counterstrike-end"] + cards["rules-reference"]
    # xc: Frontier Settle: discards reshuffled as needed, not after every settle
    assert "reshuffling its discards as needed after each settle" in cards["frontier-summary"]
    # xi: Start World Setup: the other start worlds go into the deck before the 6 cards are dealt
    assert "shuffle the other start worlds into the game cards, then deal each player 6 cards" in cards["card-powers"]
    # xi: Invasion Step: waves 1-2 leave the game, wave 3 is discarded and rebuilds an empty deck
    assert (
        "Then wave 1 and 2 cards leave the game, wave 3 cards go to a discard pile; an empty deck "
        "is rebuilt from that pile only."
    ) in cards["invasion-summary"]
    # xi: Resolve Invasions: a damaged world keeps counting for tableau size, loses the rest
    assert (
        "Count toward tableau size, but their powers and attributes (Military too) are lost and they hold no good."
    ) in cards["invasion-end"]
    assert "Its powers and attributes (its Military included) cannot be used" in cards["rules-reference"]
    # xc: Terminology (Continue Play): contributions now lower the conquest value
    assert "each good contributed now lowers the Xeno conquest value by 1" in cards["counterstrike-summary"]
    assert "each good contributed now lowers the Xeno conquest value by 1" in cards["rules-reference"]
    # xc: Repulse: both Frontier deck tiles flip; the Successful Repulse card and the breather
    assert "flip both Frontier deck tiles to their counterstrike sides" in cards["counterstrike-summary"]
    assert "the Successful Repulse card on top (discarded after the breather round)" in cards["counterstrike-summary"]
    # xc: Xeno Retaliation (an invasion step with retaliation cards): an empty deck is reshuffled
    assert "Retaliation deck empty (ruling): shuffle its discards into a new deck" in cards["counterstrike-summary"]
    assert "an empty retaliation deck is reshuffled from it" in cards["rules-reference"]
    # bga: the repulse tiles' numbers are labelled as the Board Game Arena adaptation's
    assert "(repulse tiles, as the Board Game Arena adaptation prints them)" in cards["rules-reference"]


def test_second_issue_20_audit_findings_are_printed_as_the_rulebooks_state_them(printed):
    """The findings of the second sentence-by-sentence audit (issue 20 part 6), as printed now."""
    # whitespace collapsed; a hyphenated word broken at a line end joined again ("5-" "star")
    aids = {aid: re.sub(r"(?<=\w)- (?=\w)", "-", " ".join(text.split())) for aid, text in printed.items()}
    # xi: Resolve Invasions: awards by track position, 5-star the highest disk (not a stack's top)
    assert "by track position from 5-star (highest disk) to 1-star (lowest disk)" in aids["rules-reference"]
    assert "(top disk)" not in aids["rules-reference"]
    # xi: Game End: every VP chip counts for Galactic Renaissance, not only Consume chips
    assert "Every VP chip, war contribution VP chips included." in aids["rules-reference"]
    assert "Consume VP chips and war contribution" not in aids["rules-reference"]
    # xc: Costly Developments: the cards by their printed names and costs
    assert "Anti-Xeno Alien Warships (cost 7) and Anti-Xeno Armada (cost 9) (card data)" in aids["card-powers"]
    # xc: Xeno Retaliation: the reshuffled retaliation deck is a ruling, stated with its reason
    assert (
        "What happens to retaliation cards after use, and when the retaliation deck runs out?"
        in aids["rules-reference"]
    )
    # xc: Repulse step 2: the retaliation tile starts on its burst side in a 2-player experienced game
    assert "in 2-player experienced); flip both Frontier deck tiles" in aids["counterstrike-summary"]
    # xi: Game End, xc: Game End: tie chips are counted in their bonus row, not again as VP chips
    assert "all but bonus tie chips; war contributions included (count them once)" in aids["score-sheet"]
    assert "tie chips in their bonus row, all others in VP chips" in aids["score-sheet"]
    # xia: Sift: one Sift action takes any Relic Tokens in the hold
    assert (
        "Sift (an action, docked with The Kiln) any Relic Tokens in your hold: each is removed, "
        "turned face up and gives 1 Fame Point or the rewards it shows."
    ) in aids["economy-kiln-relics"]


def test_third_audit_findings_are_printed_as_the_rulebooks_state_them(printed):
    """The findings of the third sentence-by-sentence audit (branch audit2), as printed now."""
    aids = {aid: re.sub(r"(?<=\w)- (?=\w)", "-", " ".join(text.split())) for aid, text in printed.items()}
    # xc: Repulse, step 3: 33/42/52/61 is "the number to add"; the rulebook's "offset" is the war
    # contributions made (initial repulse value - current), so the table no longer calls it Offset
    tables = aids["strength-tables"]
    assert "Players Repulse Add Conquest" in tables
    assert "the current repulse value + the number to add (= printed conquest value − war contributions made)" in tables
    assert "Offset" not in tables
    assert (
        "Add the conquest sheet; move the repulse arrow onto it, +33 / 42 / 52 / 61 for 2 / 3 / 4 / 5 players."
    ) in aids["counterstrike-summary"]
    assert "by its offset" not in aids["counterstrike-summary"]


def test_campaign_card_prints_the_campaign_rules_and_every_upgrade(printed):
    card = " ".join(printed["solo-campaign"].split())
    # xia: Campaign Setup, Ship Upgrades, Game End: what a campaign player needs between games
    assert "Pick a Tier 1 ship not yet used this campaign; once all have been used, pick from those used once" in card
    assert "Win or lose, take 1 campaign upgrade; it lasts for the rest of the campaign." in card
    # xia: Campaign End, with the ruling the campaign log already prints (won-goal-failed)
    assert (
        "minus 3 for every game without a completed goal. Ruling: a win that broke the goal's special "
        "rules is a game without a completed goal (−3, no point differential)."
    ) in card
    # xia: Campaign Upgrades: all seven upgrades with their tiers and the prerequisite rule
    for line in ("Engine", "Weapons and shields", "Impulse", "Missions", "Re-arm", "Ship abilities", "Cargo"):
        assert line in card, line
    assert "+1 to each Shield, Missile and Blaster use (may exceed its maximum)" in card
    assert "once per turn, an action: spend 8 energy to re-arm one used marker costs 5 energy costs 1 energy" in card
    assert "(minor actions work even when stranded)" in card
    # xia: Campaign Upgrades: the Tier 3 ship upgrade costs what the Tier 1 ship mat lists
    assert ("upgrade a Tier 3 ship into a Tier 1 ship for the price on the Tier 1 ship mat, for 1 Fame Point") in card
    assert "unused Tier 1 ship" not in card
    assert (
        "Tier 1 upgrades may be taken any time; a Tier 2 needs its Tier 1 from an earlier game, a Tier 3 its Tier 2."
    ) in card


def test_the_d20_table_says_a_natural_20_earns_a_fame_point(printed):
    """xia: Quick Reference, Luck: "Earn 1 Fame Point whenever you roll a natural 20 on a d20";
    the d20 rolls table is where a player rolls one (found by the third audit)."""
    assert "A natural 20 on any of these rolls also earns 1 Fame Point (Luck)." in " ".join(
        printed["rolls-hazards"].split()
    )


def test_fourth_audit_findings_are_printed_as_the_rulebooks_state_them(printed):
    """The missing and misleading items of the fourth audit (issue 33), as printed now."""
    aids = {aid: re.sub(r"(?<=\w)- (?=\w)", "-", " ".join(t.split())) for aid, t in printed.items()}
    # xi: 2-Player Game for Experienced Players: both Produce bonuses, on the card a table uses
    assert (
        "2-player experienced Choosing Produce and Produce: Repair gives both bonuses in one Produce phase."
    ) in aids["invasion-summary"]
    # xc: Xeno Conquest: no Xeno systems left allows a standard settle (bonus draw) too
    assert (
        "a conquest attempt may be a standard settle (bonus draw) or a Frontier settle" in aids["counterstrike-summary"]
    )
    # xi: Important (rule change); xc: Important: Explore mixes with hand, on every summary card
    for card in ("invasion-summary", "frontier-summary", "counterstrike-summary"):
        assert "Every Explore is mixed with hand" in aids[card], card
    # xi: Repair and Xeno Defense Powers with xc: Damage/Repair World, Xeno Defense: Xeno Defense
    # counts in the invasion and the counterstrike game; no line says "Invasion Game only"
    powers = aids["card-powers"]
    assert "Invasion Game only" not in powers
    assert "Only in the invasion game (and, with Xeno Counterstrike, the counterstrike game)" in powers
    assert "Defense counts only in Invasion and Counterstrike games." in powers
    # a sum followed by " - " read as a minus: the consequence follows a colon now
    assert "Strength ≥ your total: damage (flip over) 1 undamaged world" in aids["invasion-summary"]
    for aid, t in aids.items():
        assert not re.search(r"(≥|\+) [^.;:]*? [-–] (damage|the Xenos)", t), aid
    # xia: Ship Upgrades: the log holds the start ship and every ship upgraded to
    assert "Tier 1 ship picked at setup" in aids["campaign-log"]
    assert "Ships upgraded to in order; all count as used" in aids["campaign-log"]
    # the score sheet: the Galactic Renaissance count comes before the 6-cost row that uses it,
    # and Defense awards says its unit
    sheet = aids["score-sheet"]
    assert sheet.index("Galactic Renaissance count") < sheet.index("6-cost development VP") < sheet.index("Total VP")
    assert "Defense awards (VP)" in sheet
    # xia: Solo Round End: the Merchant's +X counted point by point
    assert "+1 a Merchant behaviour adds (its +X) +1" in aids["solo-round-end"]
    # the Frontier tiles' counterstrike side is drawn with one icon only (xc: Repulse: [burst])
    assert "counterstrike side ( ) down" in aids["frontier-summary"]


def test_fifth_audit_findings_are_printed_as_the_rulebooks_state_them(printed):
    """The misleading and unlabelled items of the fresh audit (audit-findings.md), as printed now."""
    aids = {aid: re.sub(r"(?<=\w)- (?=\w)", "-", " ".join(t.split())) for aid, t in printed.items()}
    xia = aids["xia-rules-reference"]
    # xia: "Move to Target": the Merchant uses Using Occupied Spaces only if its space is occupied
    assert (
        "Moves onto its action space (a Sell space, say); if that space is occupied, it uses the "
        "base game's Using Occupied Spaces rule."
    ) in xia
    assert "sharing an occupied space" not in xia
    # xia: Orbit: The Kiln orbits each time a player's ship docks and never ends on an occupied space
    for aid in ("economy-kiln-relics", "xia-rules-reference"):
        assert (
            "Each time a player's ship docks, roll the d6 and move The Kiln that many spaces along "
            "its path around Nyr; it cannot end in an occupied space"
        ) in aids[aid], aid
    # xia: Campaign Upgrades: Tier 3 Missions Scan reveals the new sector as usual
    assert "pick the edge symbol, spend 1 energy, then reveal the new sector normally" in aids["solo-campaign"]
    # xia: Campaign End, Campaign Setup: the campaign rulings tell the player the score, nothing else
    assert "It completes no goal, so it scores −3 and adds no point differential." in xia
    assert (
        "The campaign is over once the last goal is completed; later games are not part of it and score nothing."
    ) in xia
    assert "playaid" not in xia and "the record is in error" not in xia
    # the goods + hand tie-break is the base game's, not in these rulebooks
    sheet = aids["score-sheet"]
    assert "Tie-break: goods + hand (base game rule)" in sheet
    assert "a tie goes to the most goods plus cards in hand (base game rule)." in sheet
    # xc: Costly Developments, on the score sheet where Galactic Federation is scored
    assert (
        "Developments costing more than 6 (Anti-Xeno Alien Warships and Anti-Xeno Armada, card data) "
        "count only 1 VP each for Galactic Federation."
    ) in sheet


def test_exceptions_are_printed_under_the_rule_they_change(built, printed):
    """An "..., with these changes:" item holds its changes as sub-items, indented."""
    ref = built[0] / "rftg-rules-reference.pdf"

    def where(needle):
        found = [(page, x) for page in range(len(pages(ref))) for x, _y in find_positions(ref, page, needle)]
        assert len(found) == 1, (needle, found)
        return found[0]

    parent_page, parent_x = where("Set up an invasion game")
    child_page, child_x = where("Put 30 VPs in chips")
    assert child_page == parent_page and child_x >= parent_x + 2  # mm
    assert "except Put 30" not in " ".join(printed["rules-reference"].split())
