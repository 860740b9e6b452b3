// Brings jest-dom's matchers (toBeInTheDocument, ...) into the type checker for the ui tests.
import '@testing-library/jest-dom';
