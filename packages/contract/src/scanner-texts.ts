/**
 * The gate scanner's own texts (issue 21, the app at /scan): what staff read on its screens
 * besides the scan results, which are scannerMessages (staff-checkin.ts) word for word.
 */
export const scannerTexts = {
  appName: 'Gate scanner',
  signIn: {
    title: 'Sign in to scan',
    lead: 'Type the scanner code the organiser gave you.',
    code: 'Scanner code',
    submit: 'Sign in',
    busy: 'Signing in…',
    /** Staff sessions are Secure cookies and the camera needs a secure context: over plain http the browser keeps neither. */
    insecure: 'The scanner needs a secure connection (HTTPS). Open it at an https:// address: on a plain http:// address the browser keeps no sign-in and gives no camera.',
    notKept: 'Signed in, but this browser kept no session. Allow cookies for this site and sign in again.',
  },
  choose: {
    title: 'Where are you scanning?',
    list: 'Check-in list',
    gate: 'Gate',
    start: 'Start scanning',
    noLists: 'There are no check-in lists open for scanning. Ask the organiser.',
  },
  scan: {
    title: 'Scan tickets',
    camera: 'Camera',
    cameraStart: 'Start camera',
    cameraStop: 'Stop camera',
    cameraOff: 'The camera is off.',
    cameraDenied: 'The camera is not available. Allow it in the browser, or type the ticket code below.',
    cameraHint: 'Hold the ticket’s QR code inside the frame.',
    manual: 'Ticket code',
    manualHint: 'Type the code printed under the QR code.',
    check: 'Check ticket',
    direction: 'Direction',
    entry: 'Entry',
    exit: 'Exit',
    admitted: 'Admitted',
    inside: 'Inside',
    change: 'Change list or gate',
    signOut: 'Sign out',
    signedInAs: (name: string) => `Signed in as ${name}`,
  },
  result: {
    tapToContinue: 'Tap anywhere for the next scan',
    holder: 'Holder',
    age: 'Age',
    product: 'Ticket',
    offline: 'Checked offline',
  },
  status: {
    online: 'Online',
    offline: 'Offline: scans are checked on this device and sent later',
    dataFrom: (time: string, minutes: number) => `Data from ${time} (${minutes} min ago)`,
    noData: 'No data on this device yet: connect once before scanning offline.',
    queued: (count: number) => `${count} scan${count === 1 ? '' : 's'} waiting to be sent`,
  },
  errors: {
    network: 'No connection to the shop. Try again when the network is back.',
    server: 'The shop could not answer. Try again in a moment.',
    offlineTypedCode: 'Offline, only the codes of tickets synced to this device can be typed: scan the QR code instead.',
    offlineNoData: 'Offline and no data on this device for this list: scan again when the network is back.',
  },
} as const;
