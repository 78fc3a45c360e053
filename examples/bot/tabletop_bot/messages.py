"""The bot's own words, in every locale the library ships.

The library's catalogs hold the words of the rules (checks, events, errors); these are the
words of this bot (its commands, its lobby, its menu). A real bot would keep them in data
files, as the library does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.i18n import DEFAULT_LOCALE, translate

__all__ = [
    "ERROR_LIMIT",
    "MESSAGES",
    "QUOTED_FIELDS",
    "QUOTE_LIMIT",
    "BotError",
    "Reason",
    "Term",
    "quote",
    "reason_of",
    "say",
]

#: The most characters of what a user gave (a word, a name, an id) a reply quotes.
QUOTE_LIMIT = 40

#: The most characters of an unexpected error's text a reply quotes.
ERROR_LIMIT = 200

#: The fields of the messages that quote what a user gave, or what a stored row holds:
#: each is shortened to ``QUOTE_LIMIT`` characters.
QUOTED_FIELDS = frozenset(
    {"command", "deck", "gm", "id", "name", "system", "tag", "template", "user", "word", "words"}
)

MESSAGES: Mapping[str, Mapping[str, str]] = {
    "en": {
        "bot.help": (
            "Bot commands:\n"
            ".lang en|zh-Hant|zh-Hans|ja: this channel's language\n"
            ".system NAME: this channel's rule system (m20, bar2d6, bayside23, skirmish)\n"
            ".st SYSTEM SHEET: store your character (paste the sheet; `example` for the "
            "system's example; a deck for skirmish); .st SYSTEM shows it\n"
            ".check ...: a check of your stored character in this channel's system\n"
            ".battle SYSTEM, .join, .foe ID, .fight: open a game, join it, add a foe (GM), start it\n"
            ".menu, .do N (or words of the item): what you may do now, and do it\n"
            ".undo [N]: the GM takes back the last N commands; .end: the GM ends the game\n"
            ".log [text|markdown|bbcode]: the session log of the game here (or of the last one)\n"
            ".export [SYSTEM]: your stored character as a CCFOLIA piece (JSON to paste)\n"
            ".table add [bcdice|dice|hktrpg], then a table or deck file on the next lines: load it here; "
            ".table lists them, .table remove NAME, .table clear unload them; then a table's name rolls it, "
            ".draw NAME [N] (.drawh: secretly) and .ra NAME draw from a deck (.table shuffle NAME puts "
            "the cards back)\n"
            "S before a dice command rolls it secretly (the roller and the GM see it)."
        ),
        "bot.locale_set": "This channel now speaks English.",
        "bot.locale_current": "This channel speaks {locale}; .lang changes it ({locales}).",
        "bot.unknown_locale": "Unknown language “{tag}”: use one of {locales}.",
        "bot.system_set": "This channel now plays {system}.",
        "bot.system_cleared": "This channel plays no system now: only the common dice language.",
        "bot.unknown_system": "Unknown system “{system}”: use one of {systems}.",
        "bot.no_system": "Choose this channel's system first: .system NAME.",
        "bot.stored": "{user}'s {system} {kind} is stored:\n{sheet}",
        "bot.no_character": "{user} has no {system} {kind}: store one with .st {system} SHEET.",
        "bot.damaged_character": "{user}'s stored {system} character is damaged and cannot be read ({detail}); store it again with .st.",
        "bot.secret_rolled": "{user} rolled secretly.",
        "bot.unknown_command": "Unknown command “{command}”; .help lists them.",
        "bot.usage": "Usage: {usage}",
        "bot.unknown_choice": "“{word}” is not one of: {choices}.",
        "bot.not_a_number": "“{word}” is not a number.",
        "bot.bad_deck": "A skirmish deck is a sample deck ({decks}) or three sample cards ({cards}).",
        "bot.no_check": "{system} has no character check; play a game instead.",
        "bot.lobby_open": "{gm} opens a {system} game. Players: .join; GM: .foe ID for each foe, then .fight.",
        "bot.lobby_open_players": "{gm} opens a {system} game: two players .join, then {gm} types .fight.",
        "bot.busy": "This channel already has a game (#{game}); the GM may .end it.",
        "bot.no_lobby": "No game is open here: .battle SYSTEM opens one.",
        "bot.joined": "{user} joins as {id}.",
        "bot.full": "This game is full.",
        "bot.already_seated": "{user} is already in this game.",
        "bot.only_gm": "Only the GM ({gm}) may do that.",
        "bot.no_gm_here": "{system} has no GM: two players .join.",
        "bot.foe_added": "Foe {id} joins (a copy of {template}).",
        "bot.example_sheet": "the example sheet",
        "bot.bad_id": "“{id}” cannot be used: pick another id.",
        "bot.not_enough": "Not enough players yet: {system} needs {count}.",
        "bot.started": "Game #{game} of {system} begins.",
        "bot.no_game": "No game is running here.",
        "bot.menu_empty": "Nothing for {user} to do now. Waiting for: {waiting}.",
        "bot.menu_head": "{user}, choose with .do N:",
        "bot.bad_choice": "Choose a number from 1 to {count} (.menu shows them).",
        "bot.to_act": "Next: {actors}.",
        "bot.over": "The game is over. Winners: {winners}.",
        "bot.over_draw": "The game is over, with no winner.",
        "bot.ended": "Game #{game} ends.",
        "bot.over_unfinished": "The game ended before the rules decided it: no result.",
        "bot.log_offered": ".log gives its session log (.log markdown, .log bbcode for a forum).",
        "bot.log_head": "Session log of game #{game}:",
        "bot.exported": "{user}'s {system} piece for CCFOLIA: copy it, then paste it on the board.",
        "bot.no_export": "{system} has no pieces to export.",
        "bot.no_log": "No game has been played here yet: there is no session log.",
        "bot.log_refused": "The session log of game #{game} cannot be written: its stored record is refused ({detail}).",
        "bot.undone": "The GM takes back {count} command(s) of game #{game}.",
        "bot.no_such_choice": "“{words}” names nothing on the menu: .menu lists it; choose by number or by its words.",
        "bot.several_choices": "“{words}” names more than one item; choose by number, or with more words:\n{choices}",
        "bot.broken": "Game #{game} cannot be resumed: its stored record is refused ({detail}). Nothing else is affected; the GM may .end it.",
        "bot.damaged_dice": "This channel's stored dice are damaged ({detail}); no roll is made until an operator repairs the row.",
        "bot.damaged_channel": "This channel's stored row is damaged ({detail}); nothing is done here until an operator repairs it.",
        "bot.damaged_locale": "This channel's stored language is damaged ({detail}); choose one with .lang en, .lang zh-Hant, .lang zh-Hans or .lang ja.",
        "bot.damaged_system": "This channel's stored system is damaged ({detail}); choose one with .system NAME.",
        "bot.damaged_lobby": "The game being set up here is damaged and cannot be read ({detail}); open a new one with .battle SYSTEM.",
        "bot.no_game_id": "No game can be numbered in this database: the last number is taken (a damaged row?); an operator must repair it.",
        "bot.reason.type": "its column {column} holds a value of type {found}, not {wanted}",
        "bot.reason.unknown_system": "“{system}” is no system the bot plays",
        "bot.reason.unknown_locale": "“{tag}” is no language the bot speaks",
        "bot.reason.seats_shape": "the seats are not a list of [user, id, role] texts",
        "bot.reason.seats_contradict": "the seats contradict each other or the system's rules ({problem})",
        "bot.seat_problem.role": "a seat's role is neither player nor foe",
        "bot.seat_problem.id": "an id is empty, the GM's, or given twice",
        "bot.seat_problem.player": "the players are not seated as a lobby seats them",
        "bot.seat_problem.foe": "a foe belongs to someone other than the GM",
        "bot.reason.beside_game": "this channel has a running game, #{game}",
        "bot.reason.no_row": "the channel has a game or a lobby but no row of its own, so its dice are lost",
        "bot.reason.over": "its column over holds {found}, neither 0 nor 1",
        "bot.reason.length": "it says {length} entries of its record are stored, but {found} are",
        "bot.reason.error": "{error}",
        "bot.tables.loaded_table": "The table {name} is loaded here: type its name to roll it (S in front: secretly).",
        "bot.tables.loaded_decks": "Loaded here: {names}. Draw with .draw NAME [N] (.drawh: secretly) or .ra NAME.",
        "bot.tables.list_head": "Tables and decks of this channel:",
        "bot.tables.table_line": "{name}: a table ({dice}); type its name to roll it",
        "bot.tables.deck_line": "{name}: a deck, {left} of {copies} cards left; .draw {name}",
        "bot.tables.hidden_line": "{name}: a deck only other decks draw from",
        "bot.tables.none": "No table or deck is loaded here: .table add, then the table on the next lines, loads one.",
        "bot.tables.removed": "{name} is unloaded from this channel.",
        "bot.tables.unknown": "No table or deck called “{name}” is loaded here; .table lists them.",
        "bot.tables.cleared": "Every table and deck of this channel is unloaded.",
        "bot.tables.shuffled": "Every card drawn from {name} is back in it.",
        "bot.tables.unknown_format": "Unknown format “{word}”: use one of {formats}, or leave it out to have it detected.",
        "bot.tables.taken": "“{name}” is loaded here already: .table remove {name} first.",
        "bot.tables.command_name": "A table cannot be called “{name}”: the bot reads that as a command. Rename it.",
        "bot.tables.too_many": "A channel holds at most {count} tables and decks: .table remove some first.",
        "bot.tables.no_decks": "No deck is loaded here: .table add, then a deck file on the next lines, loads one.",
        "bot.damaged_tables": "This channel's stored tables and decks are damaged ({detail}); .table clear unloads them.",
        "bot.reason.states_twice": "two states are stored for the deck “{deck}”",
    },
    "zh-Hant": {
        "bot.help": (
            "機器人指令：\n"
            ".lang en|zh-Hant|zh-Hans|ja：本頻道的語言\n"
            ".system 名稱：本頻道的規則（m20、bar2d6、bayside23、skirmish）\n"
            ".st 規則 角色卡：儲存你的角色（貼上角色卡；`example` 為該規則的範例；skirmish 為牌組）；"
            ".st 規則 顯示已儲存的角色\n"
            ".check ...：以本頻道規則進行你已儲存角色的判定\n"
            ".battle 規則、.join、.foe ID、.fight：開局、加入、加入敵人（GM）、開始\n"
            ".menu、.do N（或項目的文字）：你現在能做的事，並執行\n"
            ".undo [N]：GM 收回最後 N 個指令；.end：GM 結束遊戲\n"
            ".log [text|markdown|bbcode]：這裡的遊戲（或上一局）的團錄\n"
            ".export [SYSTEM]：把你儲存的角色匯出為 CCFOLIA 棋子（貼上用的 JSON）\n"
            ".table add [bcdice|dice|hktrpg]，下一行起貼上表或牌堆檔案：在本頻道載入；"
            ".table 列出，.table remove 名稱、.table clear 移除；之後輸入表名即可擲，"
            ".draw 名稱 [N]（.drawh 為暗抽）與 .ra 名稱 從牌堆抽（.table shuffle 名稱 把牌放回）\n"
            "在擲骰指令前加 S 即為暗骰（擲骰者與 GM 看得到）。"
        ),
        "bot.locale_set": "本頻道現在使用繁體中文。",
        "bot.locale_current": "本頻道使用 {locale}；用 .lang 更改（{locales}）。",
        "bot.unknown_locale": "不明的語言「{tag}」：請用 {locales} 之一。",
        "bot.system_set": "本頻道現在使用 {system}。",
        "bot.system_cleared": "本頻道不使用任何規則：只用通用擲骰語法。",
        "bot.unknown_system": "不明的規則「{system}」：請用 {systems} 之一。",
        "bot.no_system": "請先選擇本頻道的規則：.system 名稱。",
        "bot.stored": "已儲存 {user} 的 {system} {kind}：\n{sheet}",
        "bot.no_character": "{user} 沒有 {system} {kind}：請用 .st {system} 角色卡 儲存。",
        "bot.damaged_character": "{user} 儲存的 {system} 角色已損壞，無法讀取（{detail}）；請用 .st 重新儲存。",
        "bot.secret_rolled": "{user} 擲了暗骰。",
        "bot.unknown_command": "不明的指令「{command}」；.help 會列出所有指令。",
        "bot.usage": "用法：{usage}",
        "bot.unknown_choice": "「{word}」不在這些選項中：{choices}。",
        "bot.not_a_number": "「{word}」不是數字。",
        "bot.bad_deck": "skirmish 的牌組是範例牌組（{decks}）或三張範例卡（{cards}）。",
        "bot.no_check": "{system} 沒有角色判定；請開一局遊戲。",
        "bot.lobby_open": "{gm} 開了一局 {system}。玩家：.join；GM：每個敵人 .foe ID，然後 .fight。",
        "bot.lobby_open_players": "{gm} 開了一局 {system}：兩位玩家 .join，然後 {gm} 輸入 .fight。",
        "bot.busy": "本頻道已有一局遊戲（#{game}）；GM 可以 .end 結束。",
        "bot.no_lobby": "這裡沒有開局：用 .battle 規則 開一局。",
        "bot.joined": "{user} 以 {id} 加入。",
        "bot.full": "這局已滿。",
        "bot.already_seated": "{user} 已在這局中。",
        "bot.only_gm": "只有 GM（{gm}）可以這樣做。",
        "bot.no_gm_here": "{system} 沒有 GM：兩位玩家 .join。",
        "bot.foe_added": "敵人 {id} 加入（{template} 的複本）。",
        "bot.example_sheet": "範例角色卡",
        "bot.bad_id": "不能使用「{id}」：請換一個 ID。",
        "bot.not_enough": "玩家不足：{system} 需要 {count} 位。",
        "bot.started": "{system} 第 #{game} 局開始。",
        "bot.no_game": "這裡沒有進行中的遊戲。",
        "bot.menu_empty": "{user} 現在沒有可做的事。等待：{waiting}。",
        "bot.menu_head": "{user}，用 .do N 選擇：",
        "bot.bad_choice": "請選 1 到 {count} 的數字（.menu 會列出）。",
        "bot.to_act": "輪到：{actors}。",
        "bot.over": "遊戲結束。勝方：{winners}。",
        "bot.over_draw": "遊戲結束，沒有勝方。",
        "bot.ended": "第 #{game} 局結束。",
        "bot.over_unfinished": "遊戲在規則分出結果前結束：沒有結果。",
        "bot.log_offered": ".log 可取得團錄（論壇用 .log markdown、.log bbcode）。",
        "bot.log_head": "第 #{game} 局的團錄：",
        "bot.exported": "{user} 的 {system} 棋子，給 CCFOLIA：複製後貼到版面上。",
        "bot.no_export": "{system} 沒有可匯出的棋子。",
        "bot.no_log": "這裡還沒有玩過遊戲：沒有團錄。",
        "bot.log_refused": "無法寫出第 #{game} 局的團錄：其儲存的紀錄被拒絕（{detail}）。",
        "bot.undone": "GM 收回第 #{game} 局的 {count} 個指令。",
        "bot.no_such_choice": "「{words}」不符合選單上的任何項目：.menu 會列出；請用編號或項目的文字選擇。",
        "bot.several_choices": "「{words}」符合不只一個項目；請用編號，或多打幾個字：\n{choices}",
        "bot.broken": "第 #{game} 局無法恢復：其儲存的紀錄被拒絕（{detail}）。其他一切不受影響；GM 可以 .end 結束。",
        "bot.damaged_dice": "本頻道儲存的骰子狀態已損壞（{detail}）；在管理者修復前不會擲骰。",
        "bot.damaged_channel": "本頻道儲存的資料列已損壞（{detail}）；在管理者修復前，這裡不會執行任何指令。",
        "bot.damaged_locale": "本頻道儲存的語言已損壞（{detail}）；請用 .lang en、.lang zh-Hant、.lang zh-Hans 或 .lang ja 重新選擇。",
        "bot.damaged_system": "本頻道儲存的規則已損壞（{detail}）；請用 .system 名稱 重新選擇。",
        "bot.damaged_lobby": "這裡正在準備的遊戲已損壞，無法讀取（{detail}）；請用 .battle 規則 重新開一局。",
        "bot.no_game_id": "這個資料庫已無法為新遊戲編號：最後一個號碼已被占用（資料列損壞？）；需由管理者修復。",
        "bot.reason.type": "欄位 {column} 存的是 {found} 型別的值，而不是 {wanted}",
        "bot.reason.unknown_system": "「{system}」不是機器人支援的規則",
        "bot.reason.unknown_locale": "「{tag}」不是機器人使用的語言",
        "bot.reason.seats_shape": "座位不是由 [使用者, ID, 角色] 文字組成的清單",
        "bot.reason.seats_contradict": "座位彼此矛盾，或不符合規則（{problem}）",
        "bot.seat_problem.role": "有座位的角色既不是 player 也不是 foe",
        "bot.seat_problem.id": "有 ID 是空的、與 GM 相同，或重複",
        "bot.seat_problem.player": "玩家的座位不是開局時的安排",
        "bot.seat_problem.foe": "有敵人不屬於 GM",
        "bot.reason.beside_game": "本頻道已有進行中的第 #{game} 局",
        "bot.reason.no_row": "本頻道有遊戲或開局，卻沒有自己的資料列，因此骰子狀態已遺失",
        "bot.reason.over": "欄位 over 存的是 {found}，既不是 0 也不是 1",
        "bot.reason.length": "紀錄寫著儲存了 {length} 個條目，實際上有 {found} 個",
        "bot.reason.error": "{error}",
        "bot.tables.loaded_table": "已在本頻道載入表 {name}：輸入表名即可擲（前面加 S 為暗骰）。",
        "bot.tables.loaded_decks": "已在本頻道載入：{names}。用 .draw 名稱 [N]（.drawh 為暗抽）或 .ra 名稱 抽牌。",
        "bot.tables.list_head": "本頻道的表與牌堆：",
        "bot.tables.table_line": "{name}：表（{dice}）；輸入表名即可擲",
        "bot.tables.deck_line": "{name}：牌堆，剩 {left}／{copies} 張；.draw {name}",
        "bot.tables.hidden_line": "{name}：只供其他牌堆抽的牌堆",
        "bot.tables.none": "本頻道沒有載入任何表或牌堆：用 .table add，並在下一行起貼上表，即可載入。",
        "bot.tables.removed": "已從本頻道移除 {name}。",
        "bot.tables.unknown": "本頻道沒有載入叫「{name}」的表或牌堆；.table 會列出。",
        "bot.tables.cleared": "已移除本頻道所有的表與牌堆。",
        "bot.tables.shuffled": "從 {name} 抽出的牌都已放回。",
        "bot.tables.unknown_format": "不明的格式「{word}」：請用 {formats} 之一，或省略讓機器人判斷。",
        "bot.tables.taken": "本頻道已載入「{name}」：請先 .table remove {name}。",
        "bot.tables.command_name": "表不能叫「{name}」：機器人會把它當成指令。請改名。",
        "bot.tables.too_many": "一個頻道最多載入 {count} 個表與牌堆：請先 .table remove 幾個。",
        "bot.tables.no_decks": "本頻道沒有載入任何牌堆：用 .table add，並在下一行起貼上牌堆檔案，即可載入。",
        "bot.damaged_tables": "本頻道儲存的表與牌堆已損壞（{detail}）；用 .table clear 移除。",
        "bot.reason.states_twice": "牌堆「{deck}」存了兩份狀態",
    },
    "zh-Hans": {
        "bot.help": (
            "机器人指令：\n"
            ".lang en|zh-Hant|zh-Hans|ja：本频道的语言\n"
            ".system 名称：本频道的规则（m20、bar2d6、bayside23、skirmish）\n"
            ".st 规则 角色卡：保存你的角色（粘贴角色卡；`example` 为该规则的示例；skirmish 为牌组）；"
            ".st 规则 显示已保存的角色\n"
            ".check ...：以本频道规则进行你已保存角色的判定\n"
            ".battle 规则、.join、.foe ID、.fight：开局、加入、加入敌人（GM）、开始\n"
            ".menu、.do N（或项目的文本）：你现在能做的事，并执行\n"
            ".undo [N]：GM 收回最后 N 个指令；.end：GM 结束游戏\n"
            ".log [text|markdown|bbcode]：这里的游戏（或上一局）的团录\n"
            ".export [SYSTEM]：把你保存的角色导出为 CCFOLIA 棋子（粘贴用的 JSON）\n"
            ".table add [bcdice|dice|hktrpg]，下一行起粘贴表或牌堆文件：在本频道加载；"
            ".table 列出，.table remove 名称、.table clear 移除；之后输入表名即可掷，"
            ".draw 名称 [N]（.drawh 为暗抽）与 .ra 名称 从牌堆抽（.table shuffle 名称 把牌放回）\n"
            "在掷骰指令前加 S 即为暗骰（掷骰者与 GM 看得到）。"
        ),
        "bot.locale_set": "本频道现在使用简体中文。",
        "bot.locale_current": "本频道使用 {locale}；用 .lang 更改（{locales}）。",
        "bot.unknown_locale": "未知的语言「{tag}」：请用 {locales} 之一。",
        "bot.system_set": "本频道现在使用 {system}。",
        "bot.system_cleared": "本频道不使用任何规则：只用通用掷骰语法。",
        "bot.unknown_system": "未知的规则「{system}」：请用 {systems} 之一。",
        "bot.no_system": "请先选择本频道的规则：.system 名称。",
        "bot.stored": "已保存 {user} 的 {system} {kind}：\n{sheet}",
        "bot.no_character": "{user} 没有 {system} {kind}：请用 .st {system} 角色卡 保存。",
        "bot.damaged_character": "{user} 保存的 {system} 角色已损坏，无法读取（{detail}）；请用 .st 重新保存。",
        "bot.secret_rolled": "{user} 掷了暗骰。",
        "bot.unknown_command": "未知的指令「{command}」；.help 会列出所有指令。",
        "bot.usage": "用法：{usage}",
        "bot.unknown_choice": "「{word}」不在这些选项中：{choices}。",
        "bot.not_a_number": "「{word}」不是数字。",
        "bot.bad_deck": "skirmish 的牌组是示例牌组（{decks}）或三张示例卡（{cards}）。",
        "bot.no_check": "{system} 没有角色判定；请开一局游戏。",
        "bot.lobby_open": "{gm} 开了一局 {system}。玩家：.join；GM：每个敌人 .foe ID，然后 .fight。",
        "bot.lobby_open_players": "{gm} 开了一局 {system}：两位玩家 .join，然后 {gm} 输入 .fight。",
        "bot.busy": "本频道已有一局游戏（#{game}）；GM 可以 .end 结束。",
        "bot.no_lobby": "这里没有开局：用 .battle 规则 开一局。",
        "bot.joined": "{user} 以 {id} 加入。",
        "bot.full": "这局已满。",
        "bot.already_seated": "{user} 已在这局中。",
        "bot.only_gm": "只有 GM（{gm}）可以这样做。",
        "bot.no_gm_here": "{system} 没有 GM：两位玩家 .join。",
        "bot.foe_added": "敌人 {id} 加入（{template} 的副本）。",
        "bot.example_sheet": "示例角色卡",
        "bot.bad_id": "不能使用「{id}」：请换一个 ID。",
        "bot.not_enough": "玩家不足：{system} 需要 {count} 位。",
        "bot.started": "{system} 第 #{game} 局开始。",
        "bot.no_game": "这里没有进行中的游戏。",
        "bot.menu_empty": "{user} 现在没有可做的事。等待：{waiting}。",
        "bot.menu_head": "{user}，用 .do N 选择：",
        "bot.bad_choice": "请选 1 到 {count} 的数字（.menu 会列出）。",
        "bot.to_act": "轮到：{actors}。",
        "bot.over": "游戏结束。胜方：{winners}。",
        "bot.over_draw": "游戏结束，没有胜方。",
        "bot.ended": "第 #{game} 局结束。",
        "bot.over_unfinished": "游戏在规则分出结果前结束：没有结果。",
        "bot.log_offered": ".log 可取得团录（论坛用 .log markdown、.log bbcode）。",
        "bot.log_head": "第 #{game} 局的团录：",
        "bot.exported": "{user} 的 {system} 棋子，给 CCFOLIA：复制后粘贴到版面上。",
        "bot.no_export": "{system} 没有可导出的棋子。",
        "bot.no_log": "这里还没有玩过游戏：没有团录。",
        "bot.log_refused": "无法写出第 #{game} 局的团录：其保存的记录被拒绝（{detail}）。",
        "bot.undone": "GM 收回第 #{game} 局的 {count} 个指令。",
        "bot.no_such_choice": "「{words}」不符合菜单上的任何项目：.menu 会列出；请用编号或项目的文本选择。",
        "bot.several_choices": "「{words}」符合不只一个项目；请用编号，或多打几个字：\n{choices}",
        "bot.broken": "第 #{game} 局无法恢复：其保存的记录被拒绝（{detail}）。其他一切不受影响；GM 可以 .end 结束。",
        "bot.damaged_dice": "本频道保存的骰子状态已损坏（{detail}）；在管理员修复前不会掷骰。",
        "bot.damaged_channel": "本频道保存的数据行已损坏（{detail}）；在管理员修复前，这里不会执行任何指令。",
        "bot.damaged_locale": "本频道保存的语言已损坏（{detail}）；请用 .lang en、.lang zh-Hant、.lang zh-Hans 或 .lang ja 重新选择。",
        "bot.damaged_system": "本频道保存的规则已损坏（{detail}）；请用 .system 名称 重新选择。",
        "bot.damaged_lobby": "这里正在准备的游戏已损坏，无法读取（{detail}）；请用 .battle 规则 重新开一局。",
        "bot.no_game_id": "这个数据库已无法为新游戏编号：最后一个号码已被占用（数据行损坏？）；需由管理员修复。",
        "bot.reason.type": "字段 {column} 存的是 {found} 类型的值，而不是 {wanted}",
        "bot.reason.unknown_system": "「{system}」不是机器人支持的规则",
        "bot.reason.unknown_locale": "「{tag}」不是机器人使用的语言",
        "bot.reason.seats_shape": "座位不是由 [用户, ID, 角色] 文本组成的列表",
        "bot.reason.seats_contradict": "座位彼此矛盾，或不符合规则（{problem}）",
        "bot.seat_problem.role": "有座位的角色既不是 player 也不是 foe",
        "bot.seat_problem.id": "有 ID 是空的、与 GM 相同，或重复",
        "bot.seat_problem.player": "玩家的座位不是开局时的安排",
        "bot.seat_problem.foe": "有敌人不属于 GM",
        "bot.reason.beside_game": "本频道已有进行中的第 #{game} 局",
        "bot.reason.no_row": "本频道有游戏或开局，却没有自己的数据行，因此骰子状态已遗失",
        "bot.reason.over": "字段 over 存的是 {found}，既不是 0 也不是 1",
        "bot.reason.length": "记录写着保存了 {length} 个条目，实际上有 {found} 个",
        "bot.reason.error": "{error}",
        "bot.tables.loaded_table": "已在本频道加载表 {name}：输入表名即可掷（前面加 S 为暗骰）。",
        "bot.tables.loaded_decks": "已在本频道加载：{names}。用 .draw 名称 [N]（.drawh 为暗抽）或 .ra 名称 抽牌。",
        "bot.tables.list_head": "本频道的表与牌堆：",
        "bot.tables.table_line": "{name}：表（{dice}）；输入表名即可掷",
        "bot.tables.deck_line": "{name}：牌堆，剩 {left}／{copies} 张；.draw {name}",
        "bot.tables.hidden_line": "{name}：只供其他牌堆抽的牌堆",
        "bot.tables.none": "本频道没有加载任何表或牌堆：用 .table add，并在下一行起粘贴表，即可加载。",
        "bot.tables.removed": "已从本频道移除 {name}。",
        "bot.tables.unknown": "本频道没有加载叫「{name}」的表或牌堆；.table 会列出。",
        "bot.tables.cleared": "已移除本频道所有的表与牌堆。",
        "bot.tables.shuffled": "从 {name} 抽出的牌都已放回。",
        "bot.tables.unknown_format": "未知的格式「{word}」：请用 {formats} 之一，或省略让机器人判断。",
        "bot.tables.taken": "本频道已加载「{name}」：请先 .table remove {name}。",
        "bot.tables.command_name": "表不能叫「{name}」：机器人会把它当成指令。请改名。",
        "bot.tables.too_many": "一个频道最多加载 {count} 个表与牌堆：请先 .table remove 几个。",
        "bot.tables.no_decks": "本频道没有加载任何牌堆：用 .table add，并在下一行起粘贴牌堆文件，即可加载。",
        "bot.damaged_tables": "本频道保存的表与牌堆已损坏（{detail}）；用 .table clear 移除。",
        "bot.reason.states_twice": "牌堆「{deck}」存了两份状态",
    },
    "ja": {
        "bot.help": (
            "ボットのコマンド：\n"
            ".lang en|zh-Hant|zh-Hans|ja：このチャンネルの言語\n"
            ".system 名前：このチャンネルのシステム（m20、bar2d6、bayside23、skirmish）\n"
            ".st システム シート：キャラクターを保存（シートを貼り付け。`example` でシステムの例、"
            "skirmish はデッキ）。.st システム で表示\n"
            ".check ...：このチャンネルのシステムで、保存したキャラクターの判定\n"
            ".battle システム、.join、.foe ID、.fight：ゲームを開く、参加、敵を追加（GM）、開始\n"
            ".menu、.do N（または項目の言葉）：今できること、その実行\n"
            ".undo [N]：GM が最後の N コマンドを取り消す。.end：GM がゲームを終える\n"
            ".log [text|markdown|bbcode]：ここのゲーム（または前回のゲーム）のセッションログ\n"
            ".export [SYSTEM]：保存したキャラクターを CCFOLIA のコマ（貼り付ける JSON）に\n"
            ".table add [bcdice|dice|hktrpg] の次の行から表かデッキのファイルを貼る：このチャンネルに読み込み。"
            ".table で一覧、.table remove 名前・.table clear で外す。表は名前を書くと振り、"
            ".draw 名前 [N]（.drawh でシークレット）と .ra 名前 でデッキから引く（.table shuffle 名前 でカードを戻す）\n"
            "ダイスコマンドの前に S でシークレットダイス（振った人と GM に見える）。"
        ),
        "bot.locale_set": "このチャンネルは日本語になりました。",
        "bot.locale_current": "このチャンネルの言語は {locale} です。.lang で変えられます（{locales}）。",
        "bot.unknown_locale": "不明な言語「{tag}」：{locales} のいずれかを使ってください。",
        "bot.system_set": "このチャンネルのシステムは {system} になりました。",
        "bot.system_cleared": "このチャンネルはシステムなし：共通のダイス言語のみです。",
        "bot.unknown_system": "不明なシステム「{system}」：{systems} のいずれかを使ってください。",
        "bot.no_system": "先にこのチャンネルのシステムを選んでください：.system 名前。",
        "bot.stored": "{user} の {system} {kind}を保存しました：\n{sheet}",
        "bot.no_character": "{user} の {system} {kind}がありません：.st {system} シート で保存してください。",
        "bot.damaged_character": "{user} の保存された {system} キャラクターは壊れていて読めません（{detail}）。.st で保存し直してください。",
        "bot.secret_rolled": "{user} がシークレットダイスを振りました。",
        "bot.unknown_command": "不明なコマンド「{command}」。.help で一覧を表示します。",
        "bot.usage": "使い方：{usage}",
        "bot.unknown_choice": "「{word}」は次のいずれでもありません：{choices}。",
        "bot.not_a_number": "「{word}」は数値ではありません。",
        "bot.bad_deck": "skirmish のデッキはサンプルデッキ（{decks}）か、サンプルカード 3 枚（{cards}）です。",
        "bot.no_check": "{system} にはキャラクターの判定がありません。ゲームを遊んでください。",
        "bot.lobby_open": "{gm} が {system} のゲームを開きました。プレイヤー：.join、GM：敵ごとに .foe ID、そして .fight。",
        "bot.lobby_open_players": "{gm} が {system} のゲームを開きました：プレイヤー 2 人が .join し、{gm} が .fight。",
        "bot.busy": "このチャンネルにはゲーム（#{game}）があります。GM は .end で終えられます。",
        "bot.no_lobby": "ここで開いているゲームはありません：.battle システム で開きます。",
        "bot.joined": "{user} が {id} として参加。",
        "bot.full": "このゲームは満員です。",
        "bot.already_seated": "{user} はすでに参加しています。",
        "bot.only_gm": "それは GM（{gm}）だけができます。",
        "bot.no_gm_here": "{system} に GM はいません：プレイヤー 2 人が .join します。",
        "bot.foe_added": "敵 {id} が参加（{template} の複製）。",
        "bot.example_sheet": "例のシート",
        "bot.bad_id": "「{id}」は使えません：別の ID を選んでください。",
        "bot.not_enough": "プレイヤーが足りません：{system} には {count} 人必要です。",
        "bot.started": "{system} のゲーム #{game} 開始。",
        "bot.no_game": "ここで進行中のゲームはありません。",
        "bot.menu_empty": "{user} が今できることはありません。待機中：{waiting}。",
        "bot.menu_head": "{user}、.do N で選んでください：",
        "bot.bad_choice": "1 から {count} の数値を選んでください（.menu で表示）。",
        "bot.to_act": "次：{actors}。",
        "bot.over": "ゲーム終了。勝者：{winners}。",
        "bot.over_draw": "ゲーム終了、勝者なし。",
        "bot.ended": "ゲーム #{game} 終了。",
        "bot.over_unfinished": "ルールが決着をつける前にゲームが終わりました：結果なし。",
        "bot.log_offered": ".log でセッションログ（掲示板用は .log markdown、.log bbcode）。",
        "bot.log_head": "ゲーム #{game} のセッションログ：",
        "bot.exported": "{user} の {system} の CCFOLIA 用コマ：コピーして盤面に貼り付けてください。",
        "bot.no_export": "{system} には書き出せるコマがありません。",
        "bot.no_log": "ここではまだゲームが遊ばれていません：セッションログはありません。",
        "bot.log_refused": "ゲーム #{game} のセッションログは書けません：保存された記録が拒否されました（{detail}）。",
        "bot.undone": "GM がゲーム #{game} の {count} コマンドを取り消しました。",
        "bot.no_such_choice": "「{words}」に当たるメニュー項目はありません：.menu で表示。番号か項目の言葉で選んでください。",
        "bot.several_choices": "「{words}」に当たる項目が複数あります。番号か、もっと多くの言葉で選んでください：\n{choices}",
        "bot.broken": "ゲーム #{game} は再開できません：保存された記録が拒否されました（{detail}）。ほかには影響しません。GM は .end で終えられます。",
        "bot.damaged_dice": "このチャンネルの保存されたダイスは壊れています（{detail}）。管理者が直すまでダイスは振りません。",
        "bot.damaged_channel": "このチャンネルの保存された行は壊れています（{detail}）。管理者が直すまで、ここでは何もしません。",
        "bot.damaged_locale": "このチャンネルの保存された言語は壊れています（{detail}）。.lang en、.lang zh-Hant、.lang zh-Hans、.lang ja のいずれかで選び直してください。",
        "bot.damaged_system": "このチャンネルの保存されたシステムは壊れています（{detail}）。.system 名前 で選び直してください。",
        "bot.damaged_lobby": "ここで準備中のゲームは壊れていて読めません（{detail}）。.battle システム で開き直してください。",
        "bot.no_game_id": "このデータベースでは新しいゲームに番号を付けられません：最後の番号が使われています（壊れた行？）。管理者が直す必要があります。",
        "bot.reason.type": "列 {column} に {wanted} ではなく {found} 型の値が入っています",
        "bot.reason.unknown_system": "「{system}」はこのボットのシステムではありません",
        "bot.reason.unknown_locale": "「{tag}」はこのボットの言語ではありません",
        "bot.reason.seats_shape": "席が [ユーザー, ID, 役割] のテキストのリストではありません",
        "bot.reason.seats_contradict": "席が互いに、またはルールと矛盾しています（{problem}）",
        "bot.seat_problem.role": "役割が player でも foe でもない席があります",
        "bot.seat_problem.id": "空の ID、GM の ID、または重複した ID があります",
        "bot.seat_problem.player": "プレイヤーの席がロビーの並べ方と違います",
        "bot.seat_problem.foe": "GM 以外の人の敵がいます",
        "bot.reason.beside_game": "このチャンネルには進行中のゲーム #{game} があります",
        "bot.reason.no_row": "このチャンネルにはゲームかロビーがあるのに自分の行がなく、ダイスの状態が失われています",
        "bot.reason.over": "列 over の値 {found} は 0 でも 1 でもありません",
        "bot.reason.length": "保存された記録の項目は {length} 件のはずが、{found} 件です",
        "bot.reason.error": "{error}",
        "bot.tables.loaded_table": "表 {name} をこのチャンネルに読み込みました：表の名前を書くと振ります（前に S でシークレット）。",
        "bot.tables.loaded_decks": "このチャンネルに読み込みました：{names}。.draw 名前 [N]（.drawh でシークレット）か .ra 名前 で引きます。",
        "bot.tables.list_head": "このチャンネルの表とデッキ：",
        "bot.tables.table_line": "{name}：表（{dice}）。名前を書くと振ります",
        "bot.tables.deck_line": "{name}：デッキ、残り {left}／{copies} 枚。.draw {name}",
        "bot.tables.hidden_line": "{name}：ほかのデッキだけが引くデッキ",
        "bot.tables.none": "このチャンネルには表もデッキもありません：.table add の次の行から表を貼ると読み込みます。",
        "bot.tables.removed": "{name} をこのチャンネルから外しました。",
        "bot.tables.unknown": "「{name}」という表もデッキもこのチャンネルにはありません。.table で一覧を表示します。",
        "bot.tables.cleared": "このチャンネルの表とデッキをすべて外しました。",
        "bot.tables.shuffled": "{name} から引いたカードをすべて戻しました。",
        "bot.tables.unknown_format": "不明な形式「{word}」：{formats} のどれかを書くか、省いて自動で判別させてください。",
        "bot.tables.taken": "「{name}」はこのチャンネルに読み込み済みです：先に .table remove {name} してください。",
        "bot.tables.command_name": "表に「{name}」という名前は付けられません：ボットがコマンドとして読みます。名前を変えてください。",
        "bot.tables.too_many": "1 つのチャンネルに読み込めるのは表とデッキ合わせて {count} 個までです：先に .table remove してください。",
        "bot.tables.no_decks": "このチャンネルにはデッキがありません：.table add の次の行からデッキのファイルを貼ると読み込みます。",
        "bot.damaged_tables": "このチャンネルに保存された表とデッキが壊れています（{detail}）。.table clear で外せます。",
        "bot.reason.states_twice": "デッキ「{deck}」の状態が 2 つ保存されています",
    },
}


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """*text* as a reply quotes it: at most *limit* characters, the last an ellipsis if cut."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def say(key: str, locale: str, /, **params: object) -> str:
    """The bot's message *key* in *locale* (English if the locale lacks it).

    A field that quotes what a user gave is shortened with :func:`quote`, and a field
    given a refusal (a :class:`BotError` or the library's error) is that refusal in *locale*.
    """
    template = MESSAGES.get(locale, {}).get(key) or MESSAGES[DEFAULT_LOCALE][key]
    return template.format(**{name: _filled(name, value, locale) for name, value in params.items()})


@dataclass(frozen=True)
class Term:
    """A word of the library's catalogs a message puts in the reader's locale (``deck``)."""

    #: The catalog key (``sheets.kind.deck``).
    key: str


def _filled(name: str, value: object, locale: str) -> object:
    if isinstance(value, BotError | TabletopRulesError):
        return value.localized(locale)
    if isinstance(value, Term):
        return translate(value.key, locale)
    if isinstance(value, str) and name in QUOTED_FIELDS:
        return quote(value)
    return value


class BotError(Exception):
    """A refusal of the bot's own (bad arguments, wrong turn in the lobby, ...)."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(say(key, DEFAULT_LOCALE, **params))
        self.key = key
        self.params = params

    def localized(self, locale: str) -> str:
        """The message in *locale*."""
        return say(self.key, locale, **self.params)


#: Why something stored cannot be used: the bot's words or the library's, in any locale.
Reason = BotError | TabletopRulesError


def reason_of(error: Exception) -> Reason:
    """*error* as a reason a reply gives: unexpected errors by their type and text, shortened."""
    if isinstance(error, BotError | TabletopRulesError):
        return error
    return BotError(
        "bot.reason.error", error=quote(f"{type(error).__name__}: {error}", ERROR_LIMIT)
    )
