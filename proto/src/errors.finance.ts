import { type ErrorDef, def } from './error-def';

/** Error codes of the finance service (merged into ERRORS). */
export const FINANCE_ERRORS = {
  // Invoices and wallet payments.
  INVOICE_ALREADY_PAID: def(
    409,
    'This invoice is already paid; nothing more is taken. Open what you paid for.',
    'Этот счёт уже оплачен, повторно деньги не списываются. Откройте то, за что заплатили.',
    'Бұл шот төленіп қойған, ақша қайта алынбайды. Төлегеніңізді ашыңыз.',
  ),
  INVOICE_CANCELLED: def(
    409,
    'This invoice is cancelled and cannot be paid. Open the course, challenge or training again to get a new invoice.',
    'Этот счёт отменён, оплатить его нельзя. Откройте курс, челлендж или тренинг снова, чтобы получить новый счёт.',
    'Бұл шот жойылған, оны төлеуге болмайды. Жаңа шот алу үшін курсты, челленджді немесе тренингті қайта ашыңыз.',
  ),
  INVOICE_PAID_NOT_CANCELLABLE: def(
    409,
    'A paid invoice cannot be cancelled. If the payment must be returned, ask staff for a refund.',
    'Оплаченный счёт нельзя отменить. Если оплату нужно вернуть, попросите сотрудников оформить возврат.',
    'Төленген шотты жоюға болмайды. Төлемді қайтару керек болса, қызметкерлерден қайтаруды сұраңыз.',
  ),
  INVOICE_NOT_PAYABLE_BY_WALLET: def(
    409,
    'This invoice has no price in ZP or Altyn Saqa, so it cannot be paid from the wallet. Pay it in tenge by card.',
    'У этого счёта нет цены в ZP или Алтын Сака, поэтому его нельзя оплатить из кошелька. Оплатите его в тенге картой.',
    'Бұл шоттың ZP немесе Алтын Сақа бағасы жоқ, сондықтан оны әмияннан төлеуге болмайды. Оны теңгемен картамен төлеңіз.',
  ),
  INVOICE_NOT_PAYABLE_BY_PROVIDER: def(
    409,
    'This invoice has no tenge left to pay by card. Pay it from the wallet.',
    'По этому счёту не осталось суммы в тенге для оплаты картой. Оплатите его из кошелька.',
    'Бұл шот бойынша картамен төлейтін теңге қалмады. Оны әмияннан төлеңіз.',
  ),
  ZP_COVER_TOO_LARGE: def(
    409,
    'At most {max} ZP can go towards this invoice now (the tenge still due and your wallet allow no more). Enter a smaller amount.',
    'Сейчас в счёт можно зачесть не более {max} ZP (больше не позволяют остаток в тенге и кошелёк). Введите меньшую сумму.',
    'Қазір шотқа ең көбі {max} ZP есептеуге болады (теңгедегі қалдық пен әмиян бұдан көпке жол бермейді). Азырақ сома енгізіңіз.',
  ),
  INVOICE_ZP_ALREADY_APPLIED: def(
    409,
    '{applied} ZP already went towards this invoice; ZP are put towards an invoice once. Pay the rest by card.',
    'В счёт уже зачтено {applied} ZP; ZP зачитываются в счёт один раз. Оплатите остаток картой.',
    'Шотқа {applied} ZP есептеліп қойған; ZP шотқа бір рет есептеледі. Қалғанын картамен төлеңіз.',
  ),
  INVOICE_PAYMENT_IN_PROGRESS: def(
    409,
    'A card payment of this invoice has been started. Finish or wait for it before changing how it is paid.',
    'По этому счёту уже начата оплата картой. Завершите её или дождитесь результата, прежде чем менять способ оплаты.',
    'Бұл шот бойынша картамен төлем басталған. Төлеу тәсілін өзгертпес бұрын оны аяқтаңыз немесе нәтижесін күтіңіз.',
  ),
  INSUFFICIENT_ZP: def(
    402,
    'Not enough ZP: {needed} ZP needed, {balance} ZP in the wallet. Recharge the wallet and try again.',
    'Недостаточно ZP: нужно {needed} ZP, в кошельке {balance} ZP. Пополните кошелёк и попробуйте снова.',
    'ZP жеткіліксіз: {needed} ZP керек, әмиянда {balance} ZP. Әмиянды толтырып, қайталап көріңіз.',
  ),
  INSUFFICIENT_FUNDS: def(
    402,
    'Not enough {unit} on the balance: {needed} needed, {balance} available.',
    'Недостаточно {unit} на балансе: нужно {needed}, доступно {balance}.',
    'Баланста {unit} жеткіліксіз: {needed} керек, қолжетімді {balance}.',
  ),
  INVOICE_AMOUNT_REQUIRED: def(
    400,
    'Give the price in tenge, in ZP or both: an invoice cannot be for nothing.',
    'Укажите цену в тенге, в ZP или в обеих валютах: счёт не может быть на ноль.',
    'Бағаны теңгемен, ZP-мен немесе екеуімен де көрсетіңіз: шот нөлге жасалмайды.',
  ),
  INVOICE_EXISTS: def(
    409,
    'This pupil already has an open or paid invoice for this product ({invoiceId}). Use it instead of creating another.',
    'У этого ученика уже есть открытый или оплаченный счёт за этот продукт ({invoiceId}). Используйте его вместо нового.',
    'Бұл оқушыда осы өнімге ашық немесе төленген шот бар ({invoiceId}). Жаңасының орнына соны пайдаланыңыз.',
  ),
  INVOICE_NOT_PAID: def(
    409,
    'This invoice is not paid, so there is nothing to refund. Cancel it instead.',
    'Этот счёт не оплачен, возвращать нечего. Отмените его.',
    'Бұл шот төленбеген, қайтаратын ештеңе жоқ. Оның орнына шотты жойыңыз.',
  ),
  INVOICE_ALREADY_REFUNDED: def(
    409,
    'This payment was already refunded; nothing more is returned.',
    'Эта оплата уже возвращена, повторный возврат не делается.',
    'Бұл төлем қайтарылып қойған, қайта қайтарылмайды.',
  ),
  INVOICE_NOT_REFUNDABLE: def(
    409,
    'This invoice cannot be refunded here: the payment provider did not accept the refund. Try again later or return the money in the provider\'s office.',
    'Этот счёт нельзя вернуть здесь: платёжный провайдер не принял возврат. Попробуйте позже или верните деньги в кабинете провайдера.',
    'Бұл шотты мұнда қайтаруға болмайды: төлем провайдері қайтаруды қабылдамады. Кейінірек қайталаңыз немесе ақшаны провайдердің кабинетінде қайтарыңыз.',
  ),
  USER_NOT_FOUND: def(
    404,
    'There is no person with the id {userId}. Choose the pupil from the list.',
    'Человека с идентификатором {userId} нет. Выберите ученика из списка.',
    '{userId} идентификаторы бар адам жоқ. Оқушыны тізімнен таңдаңыз.',
  ),
  // The ledger.
  IDEMPOTENCY_KEY_REUSED: def(
    409,
    'The operation "{key}" was already recorded with other amounts. Use a new key for a new operation.',
    'Операция «{key}» уже записана с другими суммами. Для новой операции используйте новый ключ.',
    '«{key}» операциясы басқа сомалармен жазылып қойған. Жаңа операция үшін жаңа кілт қолданыңыз.',
  ),
  XP_NOT_SPENDABLE: def(
    409,
    'XP are earned, never spent: they cannot be taken from a wallet.',
    'XP только зарабатываются и не тратятся: списать их из кошелька нельзя.',
    'XP тек жиналады, жұмсалмайды: оларды әмияннан алуға болмайды.',
  ),
  // ZP recharges and the payment provider.
  RECHARGE_ALREADY_COMPLETED: def(
    409,
    'This recharge is already paid and its ZP are in the wallet. Start a new recharge to add more.',
    'Это пополнение уже оплачено, ZP зачислены в кошелёк. Чтобы добавить ещё, начните новое пополнение.',
    'Бұл толтыру төленіп қойған, ZP әмиянға түскен. Тағы қосу үшін жаңа толтыруды бастаңыз.',
  ),
  RECHARGE_PAYMENT_FAILED: def(
    409,
    'The payment of this recharge failed. Start a new recharge.',
    'Оплата этого пополнения не прошла. Начните новое пополнение.',
    'Бұл толтырудың төлемі өтпеді. Жаңа толтыруды бастаңыз.',
  ),
  RECHARGE_NOT_STARTED: def(
    409,
    'The payment of this recharge has not been started. Start the payment first.',
    'Оплата этого пополнения ещё не начата. Сначала начните оплату.',
    'Бұл толтырудың төлемі әлі басталған жоқ. Алдымен төлемді бастаңыз.',
  ),
  CALLBACK_SIGNATURE_INVALID: def(
    401,
    'The payment notice is not signed by the payment provider; it was ignored.',
    'Уведомление об оплате не подписано платёжным провайдером и проигнорировано.',
    'Төлем туралы хабарламаға төлем провайдері қол қоймаған, ол еленбеді.',
  ),
  CALLBACK_REPLAYED: def(
    409,
    'This payment notice was already received; the repeat was ignored.',
    'Это уведомление об оплате уже получено; повтор проигнорирован.',
    'Бұл төлем хабарламасы бұрын алынған; қайталауы еленбеді.',
  ),
  CALLBACK_EXPIRED: def(
    400,
    'This payment notice is too old or from the future; it was ignored. The provider must send a fresh one.',
    'Уведомление об оплате слишком старое или из будущего и проигнорировано. Провайдер должен отправить новое.',
    'Төлем хабарламасы тым ескі немесе болашақтан, ол еленбеді. Провайдер жаңасын жіберуі керек.',
  ),
  CALLBACK_AMOUNT_MISMATCH: def(
    409,
    'The paid amount ({paid} ₸) does not match the recharge price ({price} ₸); the notice was ignored and needs checking by staff.',
    'Оплаченная сумма ({paid} ₸) не совпадает с ценой пополнения ({price} ₸); уведомление проигнорировано, его должны проверить сотрудники.',
    'Төленген сома ({paid} ₸) толтыру бағасына ({price} ₸) сәйкес емес; хабарлама еленбеді, оны қызметкерлер тексеруі керек.',
  ),
  CALLBACK_STATE_CONFLICT: def(
    409,
    'This payment was already settled as {status}; a notice saying otherwise was ignored.',
    'Этот платёж уже завершён со статусом {status}; противоречащее уведомление проигнорировано.',
    'Бұл төлем {status} мәртебесімен аяқталған; оған қайшы хабарлама еленбеді.',
  ),
  // Staff reports.
  PERIOD_INVALID: def(
    400,
    'The period is wrong: "from" must not be after "to" and the period may be at most {maxDays} days.',
    'Неверный период: «from» не может быть позже «to», а период — не длиннее {maxDays} дней.',
    'Кезең қате: «from» «to»-дан кейін болмауы керек, ал кезең ең көбі {maxDays} күн.',
  ),
} as const satisfies Record<string, ErrorDef>;
