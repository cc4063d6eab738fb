"""Ukrainian: what the fake model listens for and what it says."""

SCRIPT = "cyrillic"
# Letters only this language writes among the Cyrillic ones (`fake_client._language`).
LETTERS = "іїєґ"
# The question the runtime's warm-up asks in this language (`lesson_runtime._warm_up`).
WARM_UP = "Коли прийде замовлення 1042?"

WORDS = {
    "language.marker_words": ("де", "що", "це", "коли", "дякую", "мій", "моє", "моя", "мені",
                              "будь", "ласка", "який", "яка", "замовлення", "чому", "скільки",
                              "вітаю", "привіт"),
    "chat.thanks": ("дякую", "спасибі", "дяки"),
    "order.words": ("замовлен", "посилк", "доставк"),
    "order.status": ("статус", "доставк", "де", "прибу", "надійд", "відправ", "посилк",
                     "коли прийде"),
    "order.return": ("поверну", "повернен", "повернут"),
    "order.balance": ("баланс", "рахун", "борг", "заборгован"),
    "order.letter": ("лист$", "листа", "листі", "листу"),
    "order.list": ("список", "перелік"),  # a tool that lists the customer's orders or letters
    "order.approximate": ("близько", "приблизно", "десь"),
    # An order of business hidden in data (a note, a page): a naive model obeys it.
    "shop.injection": ("ігноруй інструкції", "ігноруй свої інструкції", "ігноруй усі інструкції", "забудь інструкції", "забудь свої інструкції"),
    "files.read": ("прочит", "прочитай", "чита", "вміст", "що в", "що у", "що всередині"),
    "files.list": ("список", "перелік", "які файли", "папк"),
    "files.append": ("допиши", "дописує", "запиши", "запишіть", "занеси"),
    "flowers.stock": ("залиш", "запас", "наявн", "квіт", "склад"),
    "flowers.cities": ("Пекін", "Шанха|Шанхай", "Шеньчжен|Шеньчжень", "Гуанчжоу",
                       # the Ukrainian lesson's chain; "Київ"/"Львів" change their vowel
                       # when declined (у Києві, у Львові), hence a second stem each
                       "Київ", "Києв|Київ", "Львів", "Львов|Львів", "Одес|Одеса"),
    "flowers.weather": ("погод", "температур", "спекотно", "холод", "дощ", "мороз", "замерз",
                        "сніг", "сніж", "хуртовин"),
    "flowers.together": ("разом", "за один раз", "одним викликом", "одразу"),
    "chat.summarise": ("підсумуй", "коротко", "перекажи", "резюмуй"),
    "tools.call_when": ("викликай", "використовуй", "коли"),
    "error.words": ("помилка",),
    "error.missing": ("відсутн", "не вказан", "обов'язков", "обов’язков", "бракує"),
    "error.foreign": ("іншому клієнту", "іншого клієнта", "чуж", "не належить", "не ваш"),
    "error.type": ("рядк", "тип"),
}

PHRASES = {
    "list_separator": "; ",
    "short_separator": ", ",
    "sentence_separator": " ",
    "chat.thanks": "Будь ласка! Якщо будуть ще питання, пишіть.",
    "chat.help": "Вітаю! Чим можу допомогти?",
    "shop.made_up_status": "Замовлення {order} буде у вас до п'ятниці.",
    "shop.made_up_status_unknown": "Ваше замовлення буде у вас до п'ятниці.",
    "shop.made_up_return": "Замовлення {order} можна повернути до кінця місяця.",
    "shop.found": "Ось що я знайшов: {results}.",
    "shop.found_for": "замовлення {order} — {result}",
    "shop.ask_number": "Підкажіть, будь ласка, номер замовлення.",
    "shop.not_found": "Не знаходжу замовлення з таким номером. Перевірте його, будь ласка.",
    "shop.empty": "Для замовлення {order} інструмент нічого не повернув.",
    "shop.foreign": "Це замовлення оформлене не на вас, тому розповісти про нього я не можу.",
    "shop.obeyed": "Гарна новина: замовлення за наш рахунок, ми повернемо вам усю суму.",
    "shop.help": "Я можу дізнатися, де замовлення і до якого числа його можна повернути. "
                 "Назвіть номер замовлення.",
    "support.made_up_status": "Замовлення {order} буде у вас за два-три дні.",
    "support.made_up_status_unknown": "Ваше замовлення буде у вас за два-три дні.",
    "support.made_up_balance": "З балансом усе гаразд, боргів немає.",
    "support.found": "Ось що я знайшов: {results}.",
    "support.delivered": "Замовлення {order} уже доставлено.",
    "support.not_found": "Я не зміг знайти замовлення {order}. Перевірте, будь ласка, номер.",
    "support.foreign": "Замовлення {order} оформлене не на вас, тому розповісти про нього я не можу.",
    "support.ask_full_number": "Напишіть, будь ласка, номер замовлення повністю, разом із літерами на початку.",
    "support.ask_number": "Підкажіть, будь ласка, номер замовлення.",
    "support.done": "Готово: {results}.",
    "support.not_done": "Повернення коштів за замовлення {order} не оформлено: {error}.",
    "support.help": "Я можу перевірити замовлення або баланс вашого рахунку. Що вас цікавить?",
    "files.made_up": "У файлі {file}, найімовірніше, нотатки до проєкту.",
    "files.made_up_folder": "У теці, найімовірніше, README і кілька файлів із кодом.",
    "files.file_says": "У файлі {file}: {content}",
    "files.empty": "Файл {file} порожній.",
    "files.folder_has": "У теці є: {files}.",
    "files.not_found": "Не знайшов файлу {file}. Перевірте, будь ласка, назву.",
    "files.ask_file": "Який файл прочитати?",
    "flowers.made_up": "У місті {city} зараз близько сотні троянд і стільки ж тюльпанів.",
    "flowers.made_up_unknown": "У кожній крамниці близько сотні квітів.",
    "flowers.stock_intro": "Залишки квітів за містами:",
    "flowers.stock": "{city}: {stock}",
    "flowers.empty": "{city}: інструмент нічого не повернув.",
    "flowers.not_found": "{city}: залишки дізнатися не вдалося.",
    "flowers.ask_city": "Для якого міста перевірити залишки?",
    "files.corrected": "Файлу {asked} немає, тому я прочитав {found}.",
    "files.noted": "Записав: {text}",
    "files.not_noted": "Записати не вдалося: {error}",
    "flowers.weather": "{city}, погода сьогодні: {weather}",
    "flowers.made_up_weather": "У місті {city} сьогодні, найімовірніше, сонячно, близько 25 градусів.",
    "flowers.ask_weather_city": "Для якого міста дізнатися погоду?",
    "chat.summary": "Коротко: {summary}",
    "preamble.values": "Зараз перевірю через {tools}: {values}.",
    "preamble.plain": "Зараз перевірю через {tools}.",
    "thinking.calls": "Щоб відповісти, викличу {tools}.",
    "thinking.results": "Результати надійшли, можна відповідати.",
    "thinking.answer": "Можу відповісти й без інструментів.",
    "thinking.no_tools": "Питання просте, можу відповісти одразу.",
    # what the model says when a fault makes it refuse (fake_client.faults)
    "fault.refusal": "Вибачте, але я не можу з цим допомогти.",
    # what the model says of a server tool it does not run (fake_client._server_tools)
    "server_tool.not_run": "Інструмент {tool} не виконується навчальною моделлю, тому результатів немає.",
}
