"""The plain modules behind "what changed" and the ranking, without Django."""
from rules_corpus import ranking
from rules_corpus.query import question_topic, topic_words
from rules_corpus.wordiff import comparable, counts, is_unchanged, to_html, word_diff


def test_word_diff_marks_words_and_keeps_new_paragraphs():
    runs = word_diff("Fortifications enter play unbowed (straightened).\n\nThey are discarded.",
                     "Fortifications enter play bowed. They are destroyed.")
    assert runs == [["=", "Fortifications enter play "], ["-", "unbowed (straightened). "], ["+", "bowed. "],
                    ["=", "They are "], ["-", "discarded. "], ["+", "destroyed."]]
    assert counts(runs) == (2, 3)
    assert to_html(runs).startswith("<p>Fortifications enter play <del>unbowed (straightened). </del><ins>bowed. ")


def test_conversion_noise_is_not_a_change():
    old = comparable("- “non-Samurai” cards\n- Armor")
    new = comparable("1. “nonSamurai” cards\n2. Armor")
    assert is_unchanged(word_diff(old, new))


def test_diff_html_is_escaped_and_split_at_paragraphs():
    html = to_html([["=", "a <b>\n\nc"], ["+", "d\n\ne"]])
    assert html == "<p>a &lt;b&gt;</p><p>c<ins>d</ins></p><p><ins>e</ins></p>"


def test_question_words_are_dropped_but_not_the_topic():
    assert question_topic("when does a unit bow after battle") == ("unit bow after battle", True)
    assert question_topic("what does when mean in a trigger") == ("when in a trigger", True)
    assert question_topic("in what order do the effects of an action happen")[0] == "order the effects of an action"
    assert question_topic("when triggers") == ("when triggers", False)
    assert question_topic("do not") == ("do not", False)
    assert topic_words("PH NOT honor") == "personal honor"
    assert topic_words("drops to -20") == "drops to -20"


def entry(title, text, words=100, stands_for=()):
    return ranking.Entry.build(f"d/{title}", "d", title.lower(), title.lower().split(), text.lower().split(), words,
                               stands_for)


def test_title_phrase_and_proximity_rank_the_answer():
    answer = entry("after resolution", "all attacking unit at that battlefield bow then return home after battle")
    scattered = entry("unit force", "unit " + "x " * 30 + "bow " + "x " * 30 + "after " + "x " * 30 + "battle")
    query = ["unit", "bow", "after", "battle"]
    a = ranking.score(query, "", answer, 1.0, 2.0, 1.0)
    b = ranking.score(query, "", scattered, 2.0, 2.0, 1.0)
    assert ranking.features(query, answer)["near"] > ranking.features(query, scattered)["near"]
    assert a > b


def test_an_index_entry_lends_its_score_to_the_rule_it_names():
    stub = entry("chi death", "chi death the rule that a personality with 0 chi is destroyed", 11, ("d/rule",))
    rule = ranking.Entry.build("d/rule", "d", "chi death rule", ["chi", "death", "rule"], ["if", "chi"], 40)
    lent = ranking.lend({"d/chi death": 3.0, "d/rule": 1.0}, {"d/chi death": stub, "d/rule": rule})
    assert lent["d/rule"] > lent["d/chi death"] == 3.0


def test_older_documents_rank_below_the_current_rule():
    same = entry("ranged attack", "ranged attack destroys")
    current = ranking.score(["rang", "attack"], "ranged attack", same, 1.0, 1.0, ranking.ROLE_FACTORS["current"])
    older = ranking.score(["rang", "attack"], "ranged attack", same, 1.0, 1.0, ranking.ROLE_FACTORS["older"])
    assert current > older
