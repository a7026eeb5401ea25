-- The language a member sent their exemption certificate in (issue 39 item 3): the page's, as an
-- order keeps the language it was placed in. The email that tells them staff approved or rejected
-- it speaks their latest order's language, or this one when they have not ordered yet.
ALTER TABLE tax_exemption ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'fr'));
