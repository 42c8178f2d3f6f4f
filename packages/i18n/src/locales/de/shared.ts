import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Dieses Feld darf nicht leer sein',
    emailIncorrect: 'Ungültige E-Mail-Adresse',
    passwordLength: 'Das Passwort muss 8 bis 64 Zeichen lang sein',
    parameterError: 'Parameterfehler',
  },
  money: {
    errors: {
      amountInvalid: 'Betragsfehler',
      assetUnknown: 'Diese Kryptowährung wird nicht unterstützt',
    },
  },
  deposit: {
    types: {
      crypto: 'Krypto-Überweisung',
      bank: 'Banküberweisung',
    },
    receipt: 'Überweisungsbeleg',
    accounts: {
      spot: 'Spot-Konto',
      futures: 'Futures-Konto',
    },
  },
  assets: {
    accounts: {
      spot: 'Spot-Konto',
      futures: 'Futures-Konto',
    },
  },
  markets: {
    simulated: 'Simuliert',
  },
  swap: {
    completeInformation: 'Vollständige Angaben erforderlich',
    status: {
      waiting: 'Warten auf Einzahlung',
      confirming: 'Wird bestätigt',
      exchanging: 'Wird getauscht',
      sending: 'Wird gesendet',
      completed: 'Abgeschlossen',
      expired: 'Abgelaufen',
      cancelled: 'Storniert',
      refunding: 'Wird erstattet',
      refunded: 'Erstattet',
      review: 'In Prüfung',
    },
    payStatus: {
      inPayment: 'Zahlung läuft',
      paymentSuccessful: 'Zahlung erfolgreich',
      paymentCancelled: 'Zahlung abgebrochen',
      canceled: 'Storniert',
    },
    errors: {
      pairUnknown: 'Dieses Paar kann nicht getauscht werden',
      amountOutOfRange: 'Der Betrag muss zwischen {{min}} und {{max}} {{asset}} liegen',
      quoteUnknown: 'Dieses Angebot existiert nicht. Bitte holen Sie ein neues Angebot ein.',
      quoteExpired: 'Dieses Angebot ist abgelaufen. Bitte holen Sie ein neues Angebot ein.',
      orderUnknown: 'Dieser Auftrag existiert nicht',
      notCancellable: 'Dieser Auftrag kann nicht mehr storniert werden',
      memoNotSupported: 'Dieses Netzwerk verwendet kein Memo',
      memoInvalid:
        'Ein Memo darf bis zu 64 Buchstaben, Ziffern, Leerzeichen, Binde- und Unterstriche enthalten',
      refundAddressRequired: 'Ein fester Kurs erfordert eine Erstattungsadresse',
      stateConflict: 'Im aktuellen Status des Auftrags ist das nicht möglich',
      approvalSameOperator: 'Diese Auszahlung muss ein zweiter Operator freigeben',
      approvalRequired: 'Diese Auszahlung braucht zuerst die Freigabe eines zweiten Operators',
      pairInvalid:
        'Das Minimum muss mindestens fünf Netzwerkgebühren wert sein und darf das Maximum nicht übersteigen',
      extendedKeyInvalid: 'Dies ist kein gültiger erweiterter öffentlicher Schlüssel für dieses Netzwerk',
      extendedKeyPrivate:
        'Dies ist ein privater Schlüssel. Geben Sie hier niemals einen privaten Schlüssel ein, sondern den erweiterten öffentlichen Schlüssel.',
      coinNotReady: 'Einzahlungen in diesem Netzwerk sind noch nicht eingerichtet',
      txHashInvalid: 'Geben Sie den Transaktions-Hash so ein, wie der Block-Explorer ihn zeigt',
    },
  },
  support: {
    validation: {
      textTooLong: 'Eine Nachricht darf höchstens 2.000 Zeichen haben',
      shortcutInvalid: 'Ein Kürzel hat bis zu 32 Kleinbuchstaben, Ziffern und Bindestriche',
      englishRequired: 'Ein englischer Text (en-US) ist erforderlich',
    },
    errors: {
      visitorUnknown: 'Dieser Chat ist beendet. Bitte starten Sie einen neuen.',
      imageUnknown: 'Dieses Bild existiert nicht',
      conversationUnknown: 'Dieses Gespräch existiert nicht',
      cannedReplyUnknown: 'Diese Textvorlage existiert nicht',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Ein Kurzname hat bis zu 80 Kleinbuchstaben, Ziffern und Bindestriche',
      titleTooLong: 'Der Titel ist zu lang',
      bodyTooLong: 'Der Text ist zu lang',
      englishRequired: 'Eine englische Fassung (en-US) ist erforderlich',
    },
    errors: {
      articleUnknown: 'Dieser Artikel existiert nicht',
      categoryUnknown: 'Diese Kategorie existiert nicht',
      slugTaken: 'Dieser Slug wird bereits verwendet',
      articleFixed:
        'Diese Seite gehört zur Plattform: Slug und Art bleiben, und sie kann nicht gelöscht werden',
      categoryMismatch: 'Ein Hilfeartikel braucht eine Kategorie; Neuigkeiten und Seiten haben keine',
      englishKept:
        'Die englische Fassung (en-US) ist der Ersatz für alle anderen Sprachen und kann nicht gelöscht werden',
      translationUnknown: 'Diese Übersetzung existiert nicht',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'Die Einstellungen dieses Eintrags passen nicht zu seiner Vorlage',
      templateUnknown: 'Unbekannte Vorlage',
      titleTooLong: 'Ein Menütitel darf höchstens 60 Zeichen haben',
      englishRequired: 'Ein englischer Titel (en-US) ist erforderlich',
      routeInvalid: 'Eine Route ist kleingeschrieben, beginnt mit / und hat höchstens drei Teile',
      tooMany: 'Ein Menü darf höchstens 100 Einträge haben',
    },
  },
};

export default shared;
