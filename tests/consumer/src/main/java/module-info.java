/** The consumer as a named module: it needs io.jchacha alone (the provider comes with it). */
module io.jchacha.consumer {
    requires io.jchacha;
}
