import { message, messageWith } from '@festival/contract';

/**
 * The gate scanner's own texts (issue 21, the app at /scan; issue 36: in every language): what
 * staff read on its screens besides the scan results, which are the contract's scannerMessages
 * (the shop's check-in answers, word for word). Gate staff read them on a phone in a hurry: short,
 * one meaning each.
 */
export const scanTexts = {
  appName: message({ id: 'scan.ScanApp.appName', defaultMessage: 'Gate scanner' }),
  signIn: {
    title: message({ id: 'scan.SignInScreen.title', defaultMessage: 'Sign in to scan' }),
    lead: message({ id: 'scan.SignInScreen.lead', defaultMessage: 'Type the scanner code the organiser gave you.' }),
    code: message({ id: 'scan.SignInScreen.code', defaultMessage: 'Scanner code' }),
    submit: message({ id: 'scan.SignInScreen.submit', defaultMessage: 'Sign in' }),
    busy: message({ id: 'scan.SignInScreen.busy', defaultMessage: 'Signing in…' }),
    /** Staff sessions are Secure cookies and the camera needs a secure context: over plain http the browser keeps neither. */
    insecure: message({
      id: 'scan.SignInScreen.insecure',
      defaultMessage: 'The scanner needs a secure connection (HTTPS). Open it at an https:// address: on a plain http:// address the browser keeps no sign-in and gives no camera.',
    }),
    notKept: message({ id: 'scan.ScanApp.notKept', defaultMessage: 'Signed in, but this browser kept no session. Allow cookies for this site and sign in again.' }),
  },
  choose: {
    title: message({ id: 'scan.ChooseScreen.title', defaultMessage: 'Where are you scanning?' }),
    list: message({ id: 'scan.ChooseScreen.list', defaultMessage: 'Check-in list' }),
    gate: message({ id: 'scan.ChooseScreen.gate', defaultMessage: 'Gate' }),
    start: message({ id: 'scan.ChooseScreen.start', defaultMessage: 'Start scanning' }),
    noLists: message({ id: 'scan.ChooseScreen.noLists', defaultMessage: 'There are no check-in lists open for scanning. Ask the organiser.' }),
  },
  scan: {
    camera: message({ id: 'scan.ScanScreen.camera', defaultMessage: 'Camera' }),
    cameraStart: message({ id: 'scan.ScanScreen.cameraStart', defaultMessage: 'Start camera' }),
    cameraStop: message({ id: 'scan.ScanScreen.cameraStop', defaultMessage: 'Stop camera' }),
    cameraOff: message({ id: 'scan.ScanScreen.cameraOff', defaultMessage: 'The camera is off.' }),
    cameraDenied: message({ id: 'scan.ScanScreen.cameraDenied', defaultMessage: 'The camera is not available. Allow it in the browser, or type the ticket code below.' }),
    cameraHint: message({ id: 'scan.ScanScreen.cameraHint', defaultMessage: 'Hold the ticket’s QR code inside the frame.' }),
    manual: message({ id: 'scan.ScanScreen.manual', defaultMessage: 'Ticket code' }),
    manualHint: message({ id: 'scan.ScanScreen.manualHint', defaultMessage: 'Type the code printed under the QR code.' }),
    check: message({ id: 'scan.ScanScreen.check', defaultMessage: 'Check ticket' }),
    direction: message({ id: 'scan.ScanScreen.direction', defaultMessage: 'Direction' }),
    entry: message({ id: 'scan.ScanScreen.entry', defaultMessage: 'Entry' }),
    exit: message({ id: 'scan.ScanScreen.exit', defaultMessage: 'Exit' }),
    admitted: message({ id: 'scan.ScanScreen.admitted', defaultMessage: 'Admitted' }),
    inside: message({ id: 'scan.ScanScreen.inside', defaultMessage: 'Inside' }),
    change: message({ id: 'scan.ScanScreen.change', defaultMessage: 'Change list or gate' }),
    signOut: message({ id: 'scan.ScanScreen.signOut', defaultMessage: 'Sign out' }),
    signedInAs: messageWith<{ name: string }>({ id: 'scan.ScanScreen.signedInAs', defaultMessage: 'Signed in as {name}' }),
  },
  result: {
    tapToContinue: message({ id: 'scan.ResultScreen.tapToContinue', defaultMessage: 'Tap anywhere for the next scan' }),
    holder: message({ id: 'scan.ResultScreen.holder', defaultMessage: 'Holder' }),
    age: message({ id: 'scan.ResultScreen.age', defaultMessage: 'Age' }),
    product: message({ id: 'scan.ResultScreen.product', defaultMessage: 'Ticket' }),
    offline: message({ id: 'scan.ResultScreen.offline', defaultMessage: 'Checked offline' }),
  },
  status: {
    online: message({ id: 'scan.ScanScreen.online', defaultMessage: 'Online' }),
    offline: message({ id: 'scan.ScanScreen.offline', defaultMessage: 'Offline: scans are checked on this device and sent later' }),
    /** `time` is the clock time (HH:mm) of the device's data, `minutes` how long ago that was. */
    dataFrom: messageWith<{ time: string; minutes: number }>({ id: 'scan.ScanScreen.dataFrom', defaultMessage: 'Data from {time} ({minutes} min ago)' }),
    noData: message({ id: 'scan.ScanScreen.noData', defaultMessage: 'No data on this device yet: connect once before scanning offline.' }),
    queued: messageWith<{ count: number }>({ id: 'scan.ScanScreen.queued', defaultMessage: '{count, plural, one {# scan} other {# scans}} waiting to be sent' }),
  },
  errors: {
    network: message({ id: 'scan.api.network', defaultMessage: 'No connection to the shop. Try again when the network is back.' }),
    server: message({ id: 'scan.api.server', defaultMessage: 'The shop could not answer. Try again in a moment.' }),
    offlineTypedCode: message({ id: 'scan.judge.offlineTypedCode', defaultMessage: 'Offline, only the codes of tickets synced to this device can be typed: scan the QR code instead.' }),
    offlineNoData: message({ id: 'scan.use-offline.offlineNoData', defaultMessage: 'Offline and no data on this device for this list: scan again when the network is back.' }),
  },
};
