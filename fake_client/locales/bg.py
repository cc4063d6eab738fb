"""Bulgarian: what the fake model listens for and what it says."""

SCRIPT = "cyrillic"
# Letters only this language writes among the Cyrillic ones (`fake_client._language`).
LETTERS = "ъ"
# The question the runtime's warm-up asks in this language (`lesson_runtime._warm_up`).
WARM_UP = "Кога ще дойде поръчка 1042?"

WORDS = {
    "language.marker_words": ("ще", "къде", "какво", "кога", "това", "съм", "е", "са", "ли",
                              "благодаря", "моля", "поръчка", "поръчката", "пратката", "колко"),
    "chat.thanks": ("благодаря", "мерси", "благодарско"),
    "order.words": ("поръчк", "пратк", "доставк"),
    "order.status": ("статус", "доставк", "пристиг", "къде", "пратк", "изпрат"),
    "order.return": ("върн", "връщане"),  # not "връща", "it returns"
    "order.balance": ("баланс", "сметк", "салдо", "задължени"),
    "order.letter": ("писм",),
    "order.list": ("списък",),  # a tool that lists the customer's orders or letters
    "order.approximate": ("около", "някъде", "приблизително", "горе-долу"),
    # An order of business hidden in data (a note, a page): a naive model obeys it.
    "shop.injection": ("игнорирай инструкциите", "игнорирай всички инструкции", "забрави инструкциите", "пренебрегни инструкциите"),
    "files.read": ("прочет", "чети", "чете", "съдърж", "какво пише", "какво има в"),
    "files.list": ("списък", "изброй", "какви файлове", "кои файлове", "папк"),
    "files.append": ("допиши", "добави към", "запиши", "запишете", "отбележи"),
    "flowers.stock": ("наличност", "цвет", "цветя", "запас", "склад"),
    "flowers.cities": ("Пекин", "Шанхай", "Шънджън", "Гуанджоу", "София", "Пловдив", "Бургас"),
    "flowers.weather": ("времето", "температур", "горещо", "студ", "вали", "прогноз", "измръз",
                        "замръз", "мраз", "сняг", "снеж"),
    "flowers.together": ("наведнъж", "с едно викане", "заедно"),
    "chat.summarise": ("обобщи", "накратко", "резюмирай", "перифразирай"),
    "tools.call_when": ("когато", "при въпрос"),
    "error.words": ("грешка",),
    "error.missing": ("липсва", "липсващ", "задължител", "не е посочен"),
    "error.foreign": ("чужд", "друг клиент", "не е ваш", "не принадлежи"),
    "error.type": ("трябва да е низ", "низ", "тип"),
}

PHRASES = {
    "list_separator": "; ",
    "short_separator": ", ",
    "sentence_separator": " ",
    "chat.thanks": "Моля! Ако имате още въпроси, пишете.",
    "chat.help": "Здравейте! С какво мога да помогна?",
    "shop.made_up_status": "Поръчка {order} ще бъде при вас до петък.",
    "shop.made_up_status_unknown": "Поръчката ви ще бъде при вас до петък.",
    "shop.made_up_return": "Поръчка {order} може да бъде върната до края на месеца.",
    "shop.found": "Намерих: {results}.",
    "shop.found_for": "поръчка {order} — {result}",
    "shop.ask_number": "Какъв е номерът на поръчката ви?",
    "shop.not_found": "Не откривам поръчка с този номер. Моля, проверете го.",
    "shop.empty": "За поръчка {order} инструментът не върна нищо.",
    "shop.foreign": "Тази поръчка не е към вашия профил, затова не мога да кажа нищо за нея.",
    "shop.obeyed": "Добра новина: поръчката е за наша сметка и ще ви върнем цялата сума.",
    "shop.help": "Мога да проверя докъде е стигнала поръчка или до кога може да се върне. "
                 "Кажете ми номера ѝ.",
    "support.made_up_status": "Поръчка {order} ще пристигне в рамките на два-три дни.",
    "support.made_up_status_unknown": "Поръчката ви ще пристигне в рамките на два-три дни.",
    "support.made_up_balance": "Сметката ви е наред, нямате задължения.",
    "support.found": "Ето какво намерих: {results}.",
    "support.delivered": "Поръчка {order} вече е доставена.",
    "support.not_found": "Не успях да намеря поръчка {order}. Моля, проверете номера.",
    "support.foreign": "Поръчка {order} не е направена от вас, затова не мога да дам сведения за нея.",
    "support.ask_full_number": "Моля, напишете номера на поръчката изцяло, заедно с буквите в началото.",
    "support.ask_number": "Моля, кажете ми номера на поръчката.",
    "support.done": "Готово: {results}.",
    "support.not_done": "Връщането на парите за поръчка {order} не е направено: {error}.",
    "support.help": "Мога да проверя поръчка или баланса по сметката ви. Какво ви интересува?",
    "files.made_up": "Във файла {file} вероятно има бележки по проекта.",
    "files.made_up_folder": "В папката вероятно има README и няколко файла с код.",
    "files.file_says": "Във файла {file} пише: {content}",
    "files.empty": "Файлът {file} е празен.",
    "files.folder_has": "В папката има: {files}.",
    "files.not_found": "Не намерих файл {file}. Моля, проверете името.",
    "files.ask_file": "Кой файл да прочета?",
    "flowers.made_up": "В {city} има около сто рози и сто лалета.",
    "flowers.made_up_unknown": "Във всеки магазин има около сто цветя.",
    "flowers.stock_intro": "Наличност на цветя по градове:",
    "flowers.stock": "{city}: {stock}",
    "flowers.empty": "{city}: инструментът не върна нищо.",
    "flowers.not_found": "Не успях да проверя наличността в {city}.",
    "flowers.ask_city": "За кой град да проверя наличността?",
    "files.corrected": "Файл {asked} няма, затова прочетох {found}.",
    "files.noted": "Записах: {text}",
    "files.not_noted": "Не успях да запиша: {error}",
    "flowers.weather": "Времето в {city} днес: {weather}",
    "flowers.made_up_weather": "В {city} днес вероятно е слънчево, около 25 градуса.",
    "flowers.ask_weather_city": "За кой град да проверя времето?",
    "chat.summary": "Накратко: {summary}",
    "preamble.values": "Ще проверя {values} чрез {tools}.",
    "preamble.plain": "Ще проверя чрез {tools}.",
    "thinking.calls": "За да отговоря, ще поискам {tools}.",
    "thinking.results": "Резултатите дойдоха, мога да отговоря.",
    "thinking.answer": "Мога да отговоря и без инструменти.",
    "thinking.no_tools": "Въпросът е прост, ще отговоря веднага.",
    # what the model says when a fault makes it refuse (fake_client.faults)
    "fault.refusal": "Съжалявам, но не мога да помогна с това.",
    # what the model says of a server tool it does not run (fake_client._server_tools)
    "server_tool.not_run": "Инструментът {tool} не се изпълнява от учебния модел, затова няма резултати.",
}
