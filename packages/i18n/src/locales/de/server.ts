import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Erfolgreich',
  },
  errors: {
    unauthorized: 'Bitte melde dich zuerst an',
    forbidden: 'Dazu bist du nicht berechtigt',
    notFound: 'Nicht gefunden',
    systemBusy: 'Das System ist ausgelastet. Bitte versuche es später erneut.',
    busy: 'Gerade werden zu viele Anfragen bearbeitet. Bitte versuche es in ein paar Sekunden erneut.',
    serviceUnavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuche es gleich noch einmal.',
    loginFailed: 'Konto oder Passwort ist falsch',
    accountExists: 'Dieses Konto ist bereits registriert',
    accountNotFound: 'Dieses Konto ist nicht registriert',
    codeInvalid: 'Der Bestätigungscode ist falsch oder abgelaufen',
    codeTooSoon: 'Bitte warte {{seconds}} Sekunden, bevor du einen neuen Code anforderst',
    smsUnavailable:
      'Codes können derzeit nicht an Mobilnummern gesendet werden. Bitte verwenden Sie Ihre E-Mail-Adresse.',
    emailUnavailable:
      'Codes können derzeit nicht per E-Mail gesendet werden. Bitte verwenden Sie Ihre Mobilnummer.',
    inviteCodeUnknown: 'Dieser Einladungscode existiert nicht',
    tooManyAttempts: 'Zu viele Versuche. Bitte versuche es in {{minutes}} Minuten erneut.',
    idempotencyConflict:
      'Diese Anfrage wurde bereits mit anderen Angaben gesendet. Prüfen Sie Ihre Einträge, bevor Sie es erneut versuchen.',
    idempotencyInProgress:
      'Diese Anfrage wird noch bearbeitet. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  },
  mail: {
    codeSubject: 'Dein Kestrel-Bestätigungscode',
    codeBody:
      'Dein Bestätigungscode lautet {{code}}. Er ist 10 Minuten gültig. Falls du ihn nicht angefordert hast, kannst du diese Nachricht ignorieren.',
    codeSms: '[Kestrel] Dein Bestätigungscode lautet {{code}}, gültig für 10 Minuten.',
    accountExistsSubject: 'Du hast bereits ein Kestrel-Konto',
    accountExistsBody:
      'Jemand, wahrscheinlich du, wollte mit dieser Adresse ein Kestrel-Konto anlegen, aber es gibt bereits eines. Melde dich an oder setze dein Passwort über „Passwort vergessen?“ auf der Anmeldeseite zurück. Wenn du das nicht warst, kannst du diese Nachricht ignorieren.',
    accountExistsSms:
      '[Kestrel] Für diese Nummer gibt es bereits ein Kestrel-Konto. Melde dich an oder setze dein Passwort über „Passwort vergessen?“ zurück.',
  },
  backOffice: {
    accountFrozen: 'Ihr Konto wurde eingefroren. Bitte wenden Sie sich an den Kundenservice.',
    signedIn: 'Angemeldet',
    totpEnabled: 'Zwei-Faktor-Authentifizierung ist aktiviert',
    errors: {
      loginFailed: 'E-Mail-Adresse oder Passwort ist falsch',
      totpRequired: 'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein',
      totpInvalid: 'Der Authenticator-Code ist falsch oder abgelaufen',
      totpEnrolmentRequired: 'Richten Sie zuerst die Zwei-Faktor-Authentifizierung ein',
      roleForbidden: 'Ihre Rolle erlaubt diese Aktion nicht',
      adminDisabled: 'Dieses Backoffice-Konto wurde deaktiviert',
      lastSuperAdmin: 'Der letzte Super-Admin kann weder herabgestuft noch deaktiviert werden',
      adminExists: 'Für diese E-Mail-Adresse gibt es bereits ein Backoffice-Konto',
      totpNotStarted: 'Starten Sie zuerst die Einrichtung des Authenticators',
      totpAlreadyEnabled: 'Die Zwei-Faktor-Authentifizierung ist bereits aktiviert',
      reviewNotPending: 'Dieser Eintrag wurde bereits geprüft',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Dieses Banner gibt es nicht mehr',
        imageInvalid: 'Wählen Sie ein für Banner hochgeladenes Bild',
        orderMismatch: 'Die Banner wurden inzwischen geändert; neu laden und erneut versuchen',
        limitReached: 'Höchstens {{max}} Banner',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'Sie haben die erste Freigabe erteilt. Die zweite muss ein anderer Prüfer erteilen.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount:
          'Den eigenen Authenticator können Sie nicht zurücksetzen. Wenden Sie sich an einen anderen Super-Admin.',
      },
    },
  },
  profile: {
    nicknameReserved:
      'Dieser Spitzname ist reserviert oder ähnelt einem reservierten Namen. Bitte wählen Sie einen anderen.',
    avatarInvalid: 'Bitte lade das Profilbild erneut hoch',
  },
  security: {
    wrongPassword: 'Falsches Passwort',
  },
  uploads: {
    missing: 'Bitte wähle ein Bild aus',
    notImage: 'Diese Datei ist kein unterstütztes Bild. Bitte lade ein JPEG-, PNG- oder WebP-Bild hoch.',
    tooManyPixels: 'Das Bild hat zu viele Pixel. Maximal 40 Megapixel sind erlaubt.',
    damaged: 'Das Bild ist beschädigt und kann nicht gelesen werden.',
    rateLimited: 'Zu viele Uploads. Bitte versuche es in {{minutes}} Minuten erneut.',
  },
  inbox: {
    unknownDevice: 'Unbekanntes Gerät',
    withdrawalsNeedIdentity: 'Für Auszahlungen schließe zuerst die Identitätsprüfung ab.',
    withdrawalsOpen: 'Du kannst auf jede Wallet oder Bankkarte auszahlen, die unser Team freigegeben hat.',
    errors: {
      messageNotFound: 'Diese Nachricht existiert nicht oder wurde entfernt',
    },
    events: {
      depositApproved: {
        title: 'Einzahlung gutgeschrieben',
        body: 'Ihre Einzahlung von {{amount}} {{asset}} wurde freigegeben und Ihrem Konto gutgeschrieben.',
      },
      depositRejected: {
        title: 'Einzahlung nicht freigegeben',
        body: 'Ihre Einzahlung von {{amount}} {{asset}} wurde nicht freigegeben.\nGrund: {{reason}}\nWenn Sie dies für einen Fehler halten, wenden Sie sich bitte an den Kundenservice.',
      },
      withdrawalCompleted: {
        title: 'Auszahlung abgeschlossen',
        body: 'Ihre Auszahlung wurde gesendet: {{amount}} {{asset}} sind auf dem Weg zu Ihrem Konto.',
      },
      withdrawalRejected: {
        title: 'Auszahlung nicht genehmigt',
        body: 'Ihre Auszahlung von {{amount}} {{asset}} wurde nicht genehmigt, der Betrag ist wieder in Ihrem verfügbaren Guthaben.\nGrund: {{reason}}',
      },
      systemAdd: {
        title: 'Ihrem Konto wurde Guthaben gutgeschrieben',
        body: 'Die Plattform hat Ihrem Konto {{amount}} {{asset}} gutgeschrieben.',
      },
      systemDebit: {
        title: 'Von Ihrem Konto wurde Guthaben abgebucht',
        body: 'Die Plattform hat {{amount}} {{asset}} von Ihrem Konto abgebucht. Wenden Sie sich bei Fragen an den Kundenservice.',
      },
      welcome: {
        title: 'Willkommen bei Kestrel',
        body: 'Dein Konto ist bereit: Du kannst jetzt einzahlen und handeln. {{withdrawals}} Gib dein Passwort oder Bestätigungscodes niemals weiter, auch nicht an Kestrel-Mitarbeiter.',
      },
      newLogin: {
        title: 'Neue Anmeldung bei deinem Konto',
        body: 'Bei deinem Konto wurde sich am {{time}} angemeldet.\nGerät: {{device}}\nIP-Adresse: {{ip}}\nWarst du das nicht, ändere sofort dein Passwort.',
      },
      bankCardApproved: {
        title: 'Bankkarte verknüpft',
        body: 'Ihre Bankkarte {{card}} bei {{bank}} wurde genehmigt. Sie können jetzt Auszahlungen an sie senden.',
      },
      bankCardRejected: {
        title: 'Bankkarte nicht genehmigt',
        body: 'Ihre Bankkarte {{card}} bei {{bank}} wurde nicht genehmigt.\nGrund: {{reason}}\nSie können sie löschen und die Karte mit korrigierten Angaben erneut verknüpfen.',
      },
      walletApproved: {
        title: 'Wallet verknüpft',
        body: 'Ihre {{chain}}-Wallet {{address}} wurde genehmigt. Sie können jetzt Auszahlungen an sie senden.',
      },
      walletRejected: {
        title: 'Wallet nicht genehmigt',
        body: 'Ihre {{chain}}-Wallet {{address}} wurde nicht genehmigt.\nGrund: {{reason}}\nSie können sie löschen und mit einem neuen Screenshot erneut verknüpfen.',
      },
      identityApproved: {
        title: 'Identität bestätigt',
        body: 'Deine Identitätsprüfung wurde genehmigt. Dein Konto ist jetzt verifiziert.',
      },
      identityRejected: {
        title: 'Identitätsprüfung fehlgeschlagen',
        body: 'Deine Identitätsprüfung wurde nicht genehmigt.\nGrund: {{reason}}\nDu kannst deine Angaben korrigieren und erneut einreichen.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached:
        'Sie haben die maximale Anzahl an Bankkarten erreicht. Löschen Sie eine, um eine weitere hinzuzufügen.',
      duplicate: 'Diese Karte ist bereits mit Ihrem Konto verknüpft',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached:
        'Sie haben die maximale Anzahl an Wallets erreicht. Löschen Sie eine, um eine weitere hinzuzufügen.',
      duplicate: 'Diese Adresse ist in diesem Netzwerk bereits verknüpft',
      screenshotInvalid: 'Der Screenshot wurde nicht gefunden. Bitte laden Sie ihn erneut hoch.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Banküberweisungen für diesen Coin sind noch nicht verfügbar',
      networkUnavailable: 'Einzahlungen über dieses Netzwerk sind noch nicht verfügbar',
      credentialInvalid: 'Der Überweisungsnachweis wurde nicht gefunden. Bitte laden Sie ihn erneut hoch.',
      belowMinimum: 'Die Mindesteinzahlung beträgt {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable:
        'Dieses Auszahlungskonto ist nicht verfügbar. Wählen Sie eine genehmigte Wallet oder Bankkarte.',
      networkUnavailable: 'Auszahlungen dieses Coins auf dieses Konto sind nicht möglich',
      outOfRange: 'Der Betrag muss zwischen {{min}} und {{max}} {{asset}} liegen',
      identityRequired:
        'Bestätige vor der Auszahlung deine Identität: Schließe zuerst die Identitätsprüfung ab',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Ihre Identität ist bereits bestätigt und kann nicht geändert werden',
      underReview: 'Ihre Unterlagen werden geprüft. Bitte warten Sie auf das Ergebnis.',
      imageInvalid: 'Das Ausweisbild wurde nicht gefunden. Bitte laden Sie es erneut hoch.',
    },
  },
  realtime: {
    tooManyChannels: 'Sie können höchstens {{max}} Live-Kanäle gleichzeitig verfolgen.',
  },
  markets: {
    errors: {
      priceStale: 'Preise sind vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
      unavailable:
        'Der Handel in diesem Markt ist kurz nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice:
          'Für diesen Perpetual ist noch kein Preis bekannt. Bitte versuchen Sie es gleich noch einmal.',
        aboveBracket:
          'Diese Order würde Ihre Position über das hinaus vergrößern, was {{leverage}}x erlaubt. Senken Sie den Hebel oder die Größe.',
        explainSubject:
          'Nennen Sie zum Erklären eine Position (Seite) oder einen Orderentwurf (Aktion, Typ und Größe).',
      },
    },
    positions: {
      errors: {
        none: 'Sie haben auf dieser Seite dieses Markts keine offene Position.',
        triggerWrongSide:
          'Bei einer Long-Position muss Take Profit über dem Einstiegspreis und Stop Loss darunter liegen, bei einer Short-Position umgekehrt.',
        triggerBeyondLiquidation:
          'Der Stop Loss darf nicht jenseits des Liquidationspreises ({{price}}) liegen.',
        notIsolated: 'Margin kann nur einer isolierten Position hinzugefügt oder entnommen werden.',
        marginTooLow: 'Sie können dieser Position höchstens {{max}} USDT Margin entnehmen.',
      },
    },
    markets: {
      saved: 'Perpetual gespeichert',
      errors: {
        unknown: 'Diesen Perpetual gibt es nicht',
        bracketsInvalid:
          'Jede Stufe braucht eine höhere Obergrenze als die vorige, keinen höheren maximalen Hebel und keinen niedrigeren Erhaltungsmargensatz',
      },
    },
    settings: {
      saved: 'Futures-Einstellungen gespeichert',
      errors: {
        leverageTooHigh: 'Dieser Markt erlaubt für Ihre Positionsgröße höchstens {{max}}x Hebel',
        marginModeLocked:
          'Schließen Sie Ihre Positionen und stornieren Sie Ihre offenen Orders in diesem Markt, bevor Sie den Margin-Modus ändern',
      },
    },
  },
  options: {
    bought: 'Kauf erfolgreich',
    saved: 'Produkt gespeichert',
    errors: {
      productUnknown: 'Dieses Produkt gibt es nicht',
      periodUnknown: 'Dieses Produkt hat keine Periode dieser Länge',
      directionRequired: 'Wählen Sie steigend oder fallend',
      orderUnknown: 'Diese Order gibt es nicht',
      productClosed: 'Dieses Produkt nimmt keine neuen Orders an',
      stakeOutOfRange: 'Der Betrag muss zwischen {{min}} und {{max}} {{asset}} liegen',
      roundClosed: 'Der Kauf für diese Runde ist geschlossen. Bitte kaufen Sie in der nächsten Runde.',
      openOrdersCap: 'Sie können bei diesem Produkt höchstens {{max}} offene Orders haben',
      dailyLossCap: 'Diese Order würde Ihre heutigen Verluste über das Limit von {{max}} {{asset}} bringen',
      productExists: 'Für diesen Markt gibt es bereits ein Produkt',
      periodsInvalid:
        'Jede Periode braucht eine eigene Länge, einen Höchsteinsatz nicht unter dem Mindesteinsatz und einen Kaufschluss vor dem Ende der Periode',
    },
  },
  earn: {
    subscribed: 'Abonniert',
    redeemed: 'Zurückgezahlt',
    saved: 'Produkt gespeichert',
    errors: {
      productUnknown: 'Dieses Produkt existiert nicht',
      orderUnknown: 'Diese Order existiert nicht',
      notOnSale: 'Dieses Produkt ist derzeit nicht im Verkauf',
      belowMinimum: 'Sie können mindestens {{min}} {{asset}} zeichnen',
      aboveUserMax: 'Sie können in diesem Produkt höchstens {{max}} {{asset}} halten',
      quotaExhausted: 'Von diesem Produkt sind nur noch {{left}} {{asset}} frei',
      redemptionNotAllowed: 'Dieses Produkt kann vor Fälligkeit nicht zurückgegeben werden',
      redemptionChanged:
        'Der Betrag, den Sie erhalten würden, hat sich geändert. Bitte prüfen Sie ihn erneut.',
      orderNotActive: 'Dieser Auftrag ist nicht mehr aktiv',
      amountPrecision: '{{asset}}-Beträge haben höchstens {{places}} Nachkommastellen',
      productInvalid:
        'Prüfen Sie das Produkt: Höchstbetrag pro Nutzer mindestens der Mindestbetrag, Kontingent mindestens der Höchstbetrag, Verkaufsende nach dem Beginn',
    },
  },
  missions: {
    rewardClaimed: 'Belohnung abgeholt',
    saved: 'Aufgabe gespeichert',
    errors: {
      missionUnknown: 'Diese Aufgabe existiert nicht',
      notFinished: 'Schließen Sie diese Aufgabe ab, bevor Sie die Belohnung abholen',
      alreadyClaimed: 'Sie haben diese Belohnung bereits abgeholt',
      expired: 'Die Frist zum Abholen dieser Belohnung ist abgelaufen',
      identityRequired: 'Verifizieren Sie Ihre Identität, um Belohnungen abzuholen',
    },
  },
  referral: {
    saved: 'Empfehlungseinstellungen gespeichert',
  },
  membership: {
    saved: 'Mitgliedsstufen gespeichert',
    errors: {
      levelsInvalid:
        'Stufe 0 darf nichts voraussetzen; jede Stufe muss mehr Volumen oder mehr Bestand verlangen als die darunter, mit Rabatten nicht darunter und unter 100 %',
    },
  },
  support: {
    sent: 'Nachricht gesendet',
    saved: 'Gespeichert',
    notice: {
      agentReplied: {
        title: 'Der Kundenservice hat geantwortet',
        body: '{{agent}} vom Kundenservice hat auf deine Nachricht geantwortet. Öffne den Service-Chat, um sie zu lesen.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: 'Die Route {{route}} kollidiert mit der App-Route {{fixed}}',
      routeDuplicate: 'Die Route {{route}} wird bereits von einem anderen Eintrag verwendet',
      tooDeep: 'Ein Untereintrag kann keine eigenen Untereinträge haben',
      screenUnknown: '{{path}} ist kein Bildschirm der App',
      linkInsecure: 'Ein Link muss eine https://-Adresse sein',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'In einem Demokonto nicht verfügbar: Sein Guthaben ist virtuell und kommt nie mit echtem Geld in Berührung. Wechseln Sie dafür zu Ihrem echten Konto.',
      demoOnly: 'Das ist nur in einem Demokonto möglich',
    },
  },
};

export default server;
