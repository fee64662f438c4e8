// The credentials provider's refusals beyond a wrong password, thrown by the server and
// read by the sign-in form: only single sign-on may sign people in (PASSWORD_SIGN_IN=off),
// or the account is disabled (said only to someone who typed its right password).
export const PASSWORD_SIGN_IN_OFF = 'PasswordSignInOff';
export const ACCOUNT_DISABLED = 'AccountDisabled';
