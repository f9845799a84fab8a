import Testing
import LabKit

@Suite struct Base64Tests {
    @Test func encodesAndDecodesRFC4648sExamples() {
        // RFC 4648 §10.
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, coded) in cases {
            #expect(Base64.encode(Array(plain.utf8)) == coded)
            #expect(Base64.decode(coded) == Array(plain.utf8))
        }
        #expect(Base64.decode("Zm9vYg") == Array("foob".utf8))   // padding optional
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
    }

    @Test func refusesWhatIsNotBase64() {
        #expect(Base64.decode("Z") == nil)        // no encoding is 1 digit long
        #expect(Base64.decode("Zm9v!") == nil)    // outside the alphabet
        #expect(Base64.decode("Zg==Zg==") == nil) // padding inside
        #expect(Base64.decode("Zg===") == nil)
    }
}
