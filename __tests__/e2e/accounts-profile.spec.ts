import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expectToast, signIn, typeCode } from './support/accounts';
import { createMoneyCustomer, openSignedIn } from './support/money';

test.describe('accounts: profile', () => {
  test('a verified customer updates the profile, changes the PIN and the password, then signs in with the new password', async ({ page, request }) => {
    // The subject is the profile: the fully verified customer with a PIN is made through the API
    // (sign-up, verification and the first PIN through the UI are the accounts journey's), living in Nigeria.
    const customer = await createMoneyCustomer(request, { firstName: 'Tobi', lastName: 'Adeyemi', residence: 'NG' });
    await openSignedIn(page, customer);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    const newPassword = 'Changed#Pass7';

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByText(customer.phone, { exact: true })).toBeVisible();
    await expect(page.getByText('Complete', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Update Profile: names and nationality are locked once fully verified; address and residence change.
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const update = page.getByRole('dialog', { name: 'Update Profile' });
    await expect(update).toBeVisible();
    await expect(update.getByLabel('First name', { exact: true })).toHaveValue('Tobi');
    await expect(update.getByLabel('First name', { exact: true })).not.toBeEditable();
    await expect(update.getByLabel('Last name', { exact: true })).not.toBeEditable();
    await expect(update.getByLabel('Nationality', { exact: true })).toBeDisabled();
    await expect(update.getByText('Your name and nationality are verified and can no longer be changed.')).toBeVisible();
    await update.getByLabel('Address', { exact: true }).fill('12 Queen Street West, Toronto');
    await update.getByLabel('Country of residence', { exact: true }).selectOption('CA');
    await expectAccessible(page);
    await update.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated successfully!');
    await expect(update).toBeHidden();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(update.getByLabel('Address', { exact: true })).toHaveValue('12 Queen Street West, Toronto');
    await expect(update.getByLabel('Country of residence', { exact: true })).toHaveValue('CA');
    await page.keyboard.press('Escape');
    await expect(update).toBeHidden();

    // Change Transaction PIN: the password check first.
    await page.getByRole('button', { name: 'Change Transaction PIN' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify Password' });
    await verify.getByLabel('Password', { exact: true }).fill('Not-the-password1');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(page.locator('.Toastify').getByText(/^(Incorrect password|Invalid password)$/)).toBeVisible();
    await expect(verify).toBeVisible();
    await verify.getByLabel('Password', { exact: true }).fill(customer.password);
    await expectAccessible(page);
    await verify.getByRole('button', { name: 'Verify' }).click();
    const changePin = page.getByRole('dialog', { name: 'Change Transaction PIN' });
    await expect(changePin).toBeVisible();
    await typeCode(page, changePin.getByRole('group', { name: 'New PIN', exact: true }), '9753');
    await typeCode(page, changePin.getByRole('group', { name: 'Confirm new PIN', exact: true }), '9753');
    await expectAccessible(page);
    await changePin.getByRole('button', { name: 'Change PIN' }).click();
    await expectToast(page, 'PIN changed successfully!');
    await expect(changePin).toBeHidden();

    // Change Password: a wrong current password is refused, the right one changes it.
    await page.getByRole('button', { name: 'Change Password' }).click();
    const change = page.getByRole('dialog', { name: 'Change Password' });
    await change.getByLabel('Current password', { exact: true }).fill('Wrong#Pass1');
    await change.getByLabel('New password', { exact: true }).fill(newPassword);
    await change.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Current password is incorrect');
    await change.getByLabel('Current password', { exact: true }).fill(customer.password);
    await expectAccessible(page);
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed successfully!');
    await expect(change).toBeHidden();

    // Sign out, then only the new password signs in.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign Out Confirmation' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Invalid email or password');
    await signIn(page, customer.email, newPassword);
    // The refusal of the try before does not stay on screen beside the success (it would for 5 s).
    await expectToast(page, 'Login successful!');
    await expect(page.locator('.Toastify').getByText('Invalid email or password')).toBeHidden({ timeout: 1_500 });
  });
});
