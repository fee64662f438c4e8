// The credentials provider's refusal when only single sign-on may sign people in
// (PASSWORD_SIGN_IN=off): thrown by the server, read by the sign-in form.
export const PASSWORD_SIGN_IN_OFF = 'PasswordSignInOff';
